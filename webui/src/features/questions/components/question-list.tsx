import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { messages } from '../../../lib/messages';
import type { Question } from '../types';
import { AccountChip } from '../../../components/account-chip';
import { StatusChips } from './status-chips';

// The result list: pick-ups first (the server orders them), status, author, answers, date.
export function QuestionList({ questions }: { questions: Question[] }) {
  if (questions.length === 0) {
    return <Typography sx={{ py: 4 }}>{messages.questions_none_found}</Typography>;
  }
  return (
    <List data-testid="question-list" disablePadding>
      {questions.map((q) => (
        <ListItem key={q.id} divider data-testid="question-item" sx={{ display: 'block', py: 2 }}>
          <StatusChips question={q} />
          <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', my: 1 }}>
            <Link to={`/questions/${q.id}`}>{q.title}</Link>
          </Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', color: 'text.secondary' }}>
            <AccountChip account={q.account} size={24} />
            {q.category && <Typography variant="body2">{q.category.name}</Typography>}
            <Typography variant="body2">回答 {q.answers_count}件</Typography>
            <Typography variant="body2">{formatDateTime(q.created_at)}</Typography>
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}
