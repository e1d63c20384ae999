import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccountSummary } from '../types';
import { AccountChip, displayName } from './account-chip';

// Accounts currently typing an answer (from QuestionChannel), except the viewer.
export function AnsweringList({ accounts }: { accounts: AccountSummary[] }) {
  if (accounts.length === 0) return null;
  return (
    <Stack data-testid="answering-accounts" spacing={1} role="status" aria-live="polite" sx={{ my: 1 }}>
      {accounts.map((account) => (
        <Stack key={account.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <AccountChip account={account} size={24} />
          <Typography variant="body2" color="text.secondary">
            {`${displayName(account)}さんが回答を入力中`}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
