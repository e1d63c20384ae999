import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MarkdownView } from '../../../components/markdown-view';
import { StatusChip } from '../../../components/status-chip';
import type { Role, TaskDetail } from '../../../lib/api-types';
import { reviewLevelLabels, statusTone, taskStatusLabels } from '../../../lib/review-status';
import { submitPanel } from '../submit-state';
import { SubmissionForm } from './submission-form';
import { SubmissionList } from './submission-list';

// One task of /curriculums/:name: heading, status (students), review level, the Markdown body,
// the repository to clone, then the submit form (or why there is none) and the submissions.
export function TaskSection({ task, role }: { task: TaskDetail; role: Role }) {
  const panel = submitPanel(role, task);
  return (
    <Paper
      component="section"
      variant="outlined"
      id={`task-${task.id}`}
      aria-labelledby={`task-${task.id}-title`}
      data-testid="task-section"
      sx={{ p: { xs: 2, md: 3 }, scrollMarginTop: 80 }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h2" id={`task-${task.id}-title`} sx={{ fontWeight: 700 }}>
          課題{task.position} {task.title}
        </Typography>
        {role === 'student' && (
          <StatusChip label={taskStatusLabels[task.status]} tone={statusTone(task.status)} testId="task-status" />
        )}
        <Chip size="small" variant="outlined" label={`レビュー: ${reviewLevelLabels[task.review_level]}`} />
      </Stack>
      <MarkdownView source={task.body} testId="task-body" />
      {task.source_repository && (
        <Box sx={{ mt: 3 }} data-testid="source-repository">
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            クローン元のリポジトリ
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <a href={task.source_repository} target="_blank" rel="noopener noreferrer">
              {task.source_repository}
            </a>
          </Typography>
          <Box component="pre" tabIndex={0} sx={{ bgcolor: 'grey.100', p: 1.5, borderRadius: 1, overflowX: 'auto' }}>
            <code>git clone {task.source_repository}</code>
          </Box>
        </Box>
      )}
      <Box sx={{ mt: 3 }}>
        {panel.kind === 'form' && <SubmissionForm task={task} />}
        {panel.kind === 'notice' && (
          <Alert severity="info" data-testid="submit-notice">
            {panel.message}
          </Alert>
        )}
      </Box>
      <Box sx={{ mt: 3 }}>
        <SubmissionList submissions={task.submissions} />
      </Box>
    </Paper>
  );
}
