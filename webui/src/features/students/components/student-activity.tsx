import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { StatusChip } from '../../../components/status-chip';
import { formatDateTime } from '../../../lib/dates';
import { displayName } from '../../../lib/display-name';
import { statusTone, submissionStatusLabels } from '../../../lib/review-status';
import { useStudentQuestions } from '../api/get-student-questions';
import { useStudentSubmissions } from '../api/get-student-submissions';

// The student's submissions with their latest review, newest first.
export function StudentSubmissions({ studentId }: { studentId: number }) {
  const submissions = useStudentSubmissions(studentId);
  if (submissions.error) return <Typography color="error">提出を読み込めませんでした</Typography>;
  const list = submissions.data?.data ?? [];
  if (submissions.data && list.length === 0)
    return <Typography color="text.secondary">提出はまだありません</Typography>;
  return (
    <List disablePadding data-testid="student-submissions">
      {list.map((s) => (
        <ListItem key={s.id} divider sx={{ display: 'block', px: 0 }}>
          <Typography variant="body2" component="div">
            <Link to={`/reviews?status=all&submission=${s.id}`}>{s.task.title}</Link>{' '}
            <StatusChip label={submissionStatusLabels[s.status]} tone={statusTone(s.status)} />
          </Typography>
          <Typography variant="caption" color="text.secondary">
            提出 {formatDateTime(s.created_at)}
            {s.review &&
              ` ・ レビュー ${formatDateTime(s.review.created_at)} ${s.review.reviewer ? displayName(s.review.reviewer) : ''}`}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}

// The questions the student asked, newest first.
export function StudentQuestions({ studentId }: { studentId: number }) {
  const questions = useStudentQuestions(studentId);
  if (questions.error) return <Typography color="error">質問を読み込めませんでした</Typography>;
  const list = questions.data?.data ?? [];
  if (questions.data && list.length === 0) return <Typography color="text.secondary">質問はまだありません</Typography>;
  return (
    <List disablePadding data-testid="student-questions">
      {list.map((q) => (
        <ListItem key={q.id} divider sx={{ display: 'block', px: 0 }}>
          <Typography variant="body2">
            <Link to={`/questions/${q.id}`}>{q.title}</Link> {q.solved ? '(解決済み)' : '(未解決)'}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(q.created_at)} ・ 回答 {q.answers_count}件
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}
