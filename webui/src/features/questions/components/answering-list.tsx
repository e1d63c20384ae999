import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { displayName } from '../../../lib/display-name';
import { fill, messages } from '../../../lib/messages';
import type { AccountSummary } from '../types';
import { AccountChip } from '../../../components/account-chip';

// Accounts currently typing an answer (from QuestionChannel), except the viewer.
export function AnsweringList({ accounts }: { accounts: AccountSummary[] }) {
  if (accounts.length === 0) return null;
  return (
    <Stack data-testid="answering-accounts" spacing={1} role="status" aria-live="polite" sx={{ my: 1 }}>
      {accounts.map((account) => (
        <Stack key={account.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <AccountChip account={account} size={24} />
          <Typography variant="body2" color="text.secondary">
            {fill(messages.answering_now, { name: displayName(account) })}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
