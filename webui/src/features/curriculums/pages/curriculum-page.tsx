import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link, useLocation, useParams, useRouteLoaderData } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { PageHeading } from '../../../components/page-heading';
import type { Account } from '../../../lib/api-types';
import { useCurriculum } from '../api/get-curriculum';
import { ProgressSummary } from '../components/progress-summary';
import { TaskAside } from '../components/task-aside';
import { TaskSection } from '../components/task-section';
import { useCourseState } from '../course-state';
import { useLiveReviews } from '../use-live-reviews';

// /curriculums/:name (the name is validated by the route): the tasks with their bodies, the
// repository to clone, the submit form and the student's submissions with their reviews (a new
// review shows without a reload: use-live-reviews.ts).
export function Component() {
  const name = useParams().name ?? '';
  const { hash } = useLocation();
  const me = useRouteLoaderData('frame') as Account;
  const curriculum = useCurriculum(name);
  const course = useCourseState();
  useLiveReviews();
  const position = curriculum.data?.position;
  const { setActiveCourse } = course;

  useEffect(() => {
    if (position !== undefined) setActiveCourse(position);
  }, [position, setActiveCourse]);
  useEffect(() => {
    if (position !== undefined && hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [position, hash]);

  if (curriculum.error) throw curriculum.error; // unknown name: the route's 404 page
  if (!curriculum.data) return <LinearProgress aria-label="読み込み中" />;
  const c = curriculum.data;
  return (
    <AppTheme>
      <Typography variant="body2" sx={{ mb: 1 }}>
        <Link to="/curriculums">カリキュラム一覧</Link>
      </Typography>
      <PageHeading title={c.title} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {c.description}
      </Typography>
      {me.role === 'student' && (
        <Box sx={{ mb: 3, maxWidth: 480 }}>
          <ProgressSummary progress={c.progress} />
        </Box>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Box
          data-testid="task-aside-box"
          sx={{
            width: { xs: '100%', md: course.isAsideContentsOpen ? 260 : 'auto' },
            flexShrink: 0,
            // The table of contents follows the scroll beside the tasks (its box is the flex item,
            // so it can stick for the whole height of the row).
            position: { md: 'sticky' },
            top: { md: 88 },
            maxHeight: { md: 'calc(100vh - 112px)' },
            overflowY: { md: 'auto' },
          }}
        >
          <TaskAside tasks={c.tasks} role={me.role} open={course.isAsideContentsOpen} onToggle={course.toggleAside} />
        </Box>
        <Stack spacing={3} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          {c.tasks.map((task) => (
            <TaskSection key={task.id} task={task} role={me.role} />
          ))}
        </Stack>
      </Stack>
    </AppTheme>
  );
}
