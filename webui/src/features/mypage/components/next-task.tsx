import { Link } from 'react-router';
import { Chip } from '../../../components/chip';
import { periodStateLabels } from '../../../components/gantt/from-api';
import { shortDate } from '../../../components/gantt/gantt-model';
import type { NextTask } from '../../../lib/api-types';

const kindLabels: Record<NextTask['kind'], string> = { first_submission: '初回提出', approval: '合格' };

// The first period of the plan not done yet: what to do and by when.
export function NextTaskCard({ task }: { task: NextTask | null }) {
  if (!task) return <p className="text-body1">すべての課題が完了しています</p>;
  return (
    <div data-testid="next-task">
      <p className="next-task__title">
        <Link to={`/curriculums/${task.curriculum_name}#task-${task.task_id}`}>{task.task_title}</Link>
      </p>
      <div className="text-body2">
        {`${kindLabels[task.kind]}の期限: ${shortDate(task.ends_on)}`}
        <Chip
          className="next-task__state"
          tone={task.state === 'behind' ? 'error' : 'default'}
          label={periodStateLabels[task.state]}
        />
      </div>
    </div>
  );
}
