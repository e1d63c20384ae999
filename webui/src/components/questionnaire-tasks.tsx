import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { api, unwrap } from '../lib/api-client';
import { formatDate } from '../lib/dates';

// The subsidy questionnaires a student or graduate owes now, each a link to its form; answered
// ones with their date. Nothing shows while none is due. On /mypage for students and on /events
// for graduates, whose only page it is. The query key is the questionnaires feature's list key.
export function QuestionnaireTasks({ onlyOwed = false }: { onlyOwed?: boolean }) {
  const { data } = useQuery({
    queryKey: ['questionnaires', 'list'],
    queryFn: () => unwrap(api.GET('/api/v1/questionnaires')),
  });
  const due = data?.data.filter((q) => (onlyOwed ? q.state === 'owed' : q.state !== 'not_yet')) ?? [];
  if (due.length === 0) return null;
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: 2, gridColumn: '1 / -1' }} // the whole row of a page's grid (/mypage)
      aria-label="助成金アンケート"
      data-testid="questionnaire-tasks"
    >
      <Typography variant="subtitle1" component="h2">
        助成金アンケート
      </Typography>
      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {due.map((q) => (
          <li key={q.kind}>
            {q.state === 'owed' ? (
              <Link component={RouterLink} to={`/subsidy/questionnaire/${q.kind}-questionnaire`}>
                {q.title}に回答する
              </Link>
            ) : (
              <span>
                {q.title}（回答済み {q.submitted_at ? formatDate(q.submitted_at) : ''}）
              </span>
            )}
          </li>
        ))}
      </ul>
    </Paper>
  );
}
