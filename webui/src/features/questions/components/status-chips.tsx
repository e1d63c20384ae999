import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { Question } from '../types';

export const statusLabel = (q: Pick<Question, 'status'>) => (q.status === 'solved' ? '解決済み' : '未解決');

// ピックアップ mark and 解決済み / 未解決.
export function StatusChips({ question }: { question: Pick<Question, 'status' | 'is_pick_up'> }) {
  return (
    <Stack direction="row" spacing={1}>
      {question.is_pick_up && <Chip size="small" color="secondary" label="ピックアップ" />}
      <Chip
        size="small"
        color={question.status === 'solved' ? 'success' : 'default'}
        variant={question.status === 'solved' ? 'filled' : 'outlined'}
        label={statusLabel(question)}
      />
    </Stack>
  );
}
