import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useRouteLoaderData } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { PageHeading } from '../../../components/page-heading';
import type { Account } from '../../../lib/api-types';
import { useCurriculums } from '../api/get-curriculums';
import { CurriculumCard } from '../components/curriculum-card';
import { currentCurriculum, useCourseState } from '../course-state';

// /curriculums (admin, mentors, trial, student): every curriculum with its tasks; students see
// their status per task and their progress. The trial's home.
export function Component() {
  const me = useRouteLoaderData('frame') as Account;
  const curriculums = useCurriculums();
  const course = useCourseState();

  if (curriculums.error) throw curriculums.error; // the route's error page shows its status
  const isStudent = me.role === 'student';
  const current = curriculums.data ? currentCurriculum(curriculums.data, course.activeCourseId, isStudent) : null;
  return (
    <AppTheme>
      <PageHeading title="カリキュラム一覧" />
      {!curriculums.data ? (
        <LinearProgress aria-label="読み込み中" />
      ) : (
        <Stack spacing={2} data-testid="curriculum-list">
          {curriculums.data.map((curriculum) => (
            <CurriculumCard
              key={curriculum.name}
              curriculum={curriculum}
              showProgress={isStudent}
              current={curriculum.name === current?.name}
            />
          ))}
        </Stack>
      )}
    </AppTheme>
  );
}
