import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import type { CurriculumProgress } from '../../../lib/api-types';

// Progress by curriculum: approved tasks out of all, with the submitted count.
export function ProgressList({ progress }: { progress: CurriculumProgress[] }) {
  return (
    <ul data-testid="progress-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {progress.map((p) => (
        <li key={p.curriculum_name} style={{ margin: '8px 0' }}>
          <Typography variant="body2" sx={{ display: 'flex', justifyContent: 'space-between' }}>
            <Link to={`/curriculums/${p.curriculum_name}`}>{p.title}</Link>
            <span>
              {p.approved_count} / {p.tasks_count} 課題合格
            </span>
          </Typography>
          <LinearProgress
            variant="determinate"
            aria-label={`${p.title}の進捗`}
            value={p.tasks_count === 0 ? 0 : (p.approved_count / p.tasks_count) * 100}
          />
          <Typography variant="caption" color="text.secondary">
            提出済み {p.submitted_count}
          </Typography>
        </li>
      ))}
    </ul>
  );
}
