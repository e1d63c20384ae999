import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Role, TaskDetail } from '../../../lib/api-types';
import { taskStatusLabels } from '../../../lib/review-status';

export interface TaskAsideProps {
  tasks: TaskDetail[];
  role: Role;
  open: boolean;
  onToggle: () => void;
}

// The table of contents beside the tasks (the course state's isAsideContentsOpen).
export function TaskAside({ tasks, role, open, onToggle }: TaskAsideProps) {
  return (
    <Paper component="nav" aria-label="課題の目次" variant="outlined" sx={{ p: 2 }}>
      <Button size="small" onClick={onToggle} aria-expanded={open} aria-controls="task-aside-list">
        {open ? '目次を閉じる' : '目次を開く'}
      </Button>
      {open && (
        <List dense id="task-aside-list" data-testid="task-aside">
          {tasks.map((task) => (
            <ListItem key={task.id} disableGutters sx={{ display: 'block' }}>
              <Typography variant="body2">
                <a href={`#task-${task.id}`}>
                  課題{task.position} {task.title}
                </a>
              </Typography>
              {role === 'student' && (
                <Typography variant="caption" color="text.secondary">
                  {taskStatusLabels[task.status]}
                </Typography>
              )}
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
