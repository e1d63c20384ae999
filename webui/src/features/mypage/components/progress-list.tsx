import { Link } from 'react-router';
import { ProgressLine } from '../../../components/progress-line';
import type { CurriculumProgress } from '../../../lib/api-types';

// Progress by curriculum: approved tasks out of all, with the submitted count.
export function ProgressList({ progress }: { progress: CurriculumProgress[] }) {
  return (
    <ul data-testid="progress-list" className="progress-list">
      {progress.map((p) => (
        <li key={p.curriculum_name}>
          <p className="text-body2 progress-list__head">
            <Link to={`/curriculums/${p.curriculum_name}`}>{p.title}</Link>
            <span>
              {p.approved_count} / {p.tasks_count} 課題合格
            </span>
          </p>
          <ProgressLine
            label={`${p.title}の進捗`}
            value={p.tasks_count === 0 ? 0 : (p.approved_count / p.tasks_count) * 100}
          />
          <span className="text-caption text-secondary">提出済み {p.submitted_count}</span>
        </li>
      ))}
    </ul>
  );
}
