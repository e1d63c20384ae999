import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { StatusChip } from '../../../components/status-chip';
import type { Curriculum } from '../../../lib/api-types';
import { statusTone, taskStatusLabels } from '../../../lib/review-status';
import { ProgressSummary } from './progress-summary';

export interface CurriculumCardProps {
  curriculum: Curriculum;
  /** Students see their progress and each task's status. */
  showProgress: boolean;
  /** The curriculum the user opened last (or, for a student, the next one to work on). */
  current: boolean;
}

// One curriculum on /curriculums: title (link), description, progress, tasks with their status.
export function CurriculumCard({ curriculum, showProgress, current }: CurriculumCardProps) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`curriculum-${curriculum.name}`}
      data-testid="curriculum-card"
      data-current={current || undefined}
      sx={{ p: 2.5, borderColor: current ? 'primary.main' : undefined, borderWidth: current ? 2 : 1 }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="h6" component="h2" id={`curriculum-${curriculum.name}`}>
          <Link to={`/curriculums/${curriculum.name}`}>{curriculum.title}</Link>
        </Typography>
        {current && <StatusChip label="学習中" tone="pending" />}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {curriculum.description}
      </Typography>
      {showProgress && <ProgressSummary progress={curriculum.progress} />}
      <List dense disablePadding sx={{ mt: 1 }}>
        {curriculum.tasks.map((task) => (
          <ListItem key={task.id} disableGutters divider data-testid="curriculum-task">
            <Typography variant="body2" sx={{ flex: 1 }}>
              <Link to={`/curriculums/${curriculum.name}#task-${task.id}`}>
                課題{task.position} {task.title}
              </Link>
            </Typography>
            {showProgress && <StatusChip label={taskStatusLabels[task.status]} tone={statusTone(task.status)} />}
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
