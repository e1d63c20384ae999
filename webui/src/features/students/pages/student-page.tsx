import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link, useParams, useRouteLoaderData } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { PageHeading } from '../../../components/page-heading';
import { PageSection } from '../../../components/page-section';
import { errorStatus } from '../../../lib/api-client';
import type { Account } from '../../../lib/api-types';
import { showErrorPage } from '../../../lib/feedback';
import { isAdmin } from '../../../lib/roles';
import { useMentors } from '../api/get-mentors';
import { useStudent } from '../api/get-student';
import { AnonymiseDialog } from '../components/anonymise-dialog';
import { GanttSection } from '../components/gantt-section';
import { MentorPanel } from '../components/mentor-panel';
import { MentoringForm } from '../components/mentoring-form';
import { MentoringList } from '../components/mentoring-list';
import { StudentQuestions, StudentSubmissions } from '../components/student-activity';
import { StudentProfile } from '../components/student-profile';

// /students/:id (student layout: admins and mentors): profile, mentor in charge, the course
// Gantt chart, mentoring records, submissions and questions; for admins, the deletion request
// (退会処理（匿名化）) of a registered account.
export function Component() {
  const me = useRouteLoaderData('frame') as Account;
  const id = Number(useParams().id);
  const student = useStudent(id);
  const mentors = useMentors();
  const [anonymising, setAnonymising] = useState(false);
  useEffect(() => {
    if (student.error) showErrorPage(errorStatus(student.error));
  }, [student.error]);
  if (!student.data) return null;
  const s = student.data;
  return (
    <AppTheme>
      <Typography variant="body2">
        <Link to="/students">← 受講生一覧</Link>
      </Typography>
      <PageHeading title={s.anonymised ? s.display_name : s.name || s.email} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <PageSection title="プロフィール">
          <StudentProfile student={s} />
        </PageSection>
        <PageSection title="担当">
          <MentorPanel student={s} mentors={mentors.data?.data ?? []} canChange={isAdmin(me.role)} />
        </PageSection>
        <PageSection title="ガントチャート" wide>
          <GanttSection studentId={id} />
        </PageSection>
        <PageSection title="メンタリング記録" wide>
          <MentoringForm studentId={id} />
          <Box sx={{ mt: 2 }}>
            <MentoringList studentId={id} me={me} />
          </Box>
        </PageSection>
        <PageSection title="提出とレビュー">
          <StudentSubmissions studentId={id} />
        </PageSection>
        <PageSection title="質問">
          <StudentQuestions studentId={id} />
        </PageSection>
        {isAdmin(me.role) && s.account_id !== null && !s.anonymised && (
          <PageSection title="退会処理" wide>
            <Button variant="outlined" color="error" onClick={() => setAnonymising(true)}>
              退会処理（匿名化）
            </Button>
          </PageSection>
        )}
      </Box>
      {anonymising && <AnonymiseDialog student={s} onClose={() => setAnonymising(false)} />}
    </AppTheme>
  );
}
