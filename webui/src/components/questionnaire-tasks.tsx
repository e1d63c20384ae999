import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, unwrap } from '../lib/api-client';
import { formatDate } from '../lib/dates';
import './page-section.css';

// The subsidy questionnaires a student or graduate owes now, each a link to its form; answered
// ones with their date. Nothing shows while none is due. On /mypage for students and on /events
// for graduates, whose only page it is. Plain elements: /mypage paints without MUI. The query key is the questionnaires feature's list key.
export function QuestionnaireTasks({ onlyOwed = false }: { onlyOwed?: boolean }) {
  const { data } = useQuery({
    queryKey: ['questionnaires', 'list'],
    queryFn: () => unwrap(api.GET('/api/v1/questionnaires')),
  });
  const due = data?.data.filter((q) => (onlyOwed ? q.state === 'owed' : q.state !== 'not_yet')) ?? [];
  if (due.length === 0) return null;
  return (
    // The whole row of a page's grid (/mypage); page-section.css draws the card.
    <section
      className="page-section page-section--wide"
      aria-label="助成金アンケート"
      data-testid="questionnaire-tasks"
    >
      <h2 className="questionnaire-tasks__title">助成金アンケート</h2>
      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {due.map((q) => (
          <li key={q.kind}>
            {q.state === 'owed' ? (
              <Link to={`/subsidy/questionnaire/${q.kind}-questionnaire`}>{q.title}に回答する</Link>
            ) : (
              <span>
                {q.title}（回答済み {q.submitted_at ? formatDate(q.submitted_at) : ''}）
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
