import { Link } from 'react-router';
import { useQuestionnaires } from '../api/get-questionnaires';

// The subsidy questionnaires the student owes now, each a link to its form; answered ones are
// listed with their date. Nothing shows while none is due.
export function QuestionnaireTasks() {
  const { data } = useQuestionnaires();
  const due = data?.data.filter((q) => q.state !== 'not_yet') ?? [];
  if (due.length === 0) return null;
  return (
    <section className="mypage-questionnaires" aria-label="助成金アンケート" data-testid="mypage-questionnaires">
      <h2>助成金アンケート</h2>
      <ul>
        {due.map((q) => (
          <li key={q.kind}>
            {q.state === 'owed' ? (
              <Link to={`/subsidy/questionnaire/${q.kind}-questionnaire`}>{q.title}に回答する</Link>
            ) : (
              <span>
                {q.title}（回答済み {q.submitted_at?.slice(0, 10)}）
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
