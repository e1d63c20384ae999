import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { periodStateLabels } from '../../../components/gantt/from-api';
import { shortDate } from '../../../components/gantt/gantt-model';
import type { NextTask } from '../../../lib/api-types';

const kindLabels: Record<NextTask['kind'], string> = { first_submission: '初回提出', approval: '合格' };

// The first period of the plan not done yet: what to do and by when.
export function NextTaskCard({ task }: { task: NextTask | null }) {
  if (!task) return <Typography>すべての課題が完了しています</Typography>;
  return (
    <div data-testid="next-task">
      <Typography variant="subtitle1" component="p">
        <Link to={`/curriculums/${task.curriculum_name}#task-${task.task_id}`}>{task.task_title}</Link>
      </Typography>
      <Typography variant="body2" component="div">
        {`${kindLabels[task.kind]}の期限: ${shortDate(task.ends_on)}`}
        <Chip
          size="small"
          sx={{ ml: 1 }}
          color={task.state === 'behind' ? 'error' : 'default'}
          label={periodStateLabels[task.state]}
        />
      </Typography>
    </div>
  );
}
