import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import defaultAvatarUrl from '../../../assets/default-avatar.svg';
import type { AccountSummary } from '../types';

export const displayName = (account: AccountSummary) => account.nickname || '名無し';

// Avatar + nickname of a question's, answer's or answering account.
export function AccountChip({ account, size = 28 }: { account: AccountSummary; size?: number }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Avatar src={account.image_url || defaultAvatarUrl} alt="" sx={{ width: size, height: size }} />
      <Typography variant="body2" component="span">
        {displayName(account)}
      </Typography>
    </Stack>
  );
}
