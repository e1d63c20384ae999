import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import defaultAvatarUrl from '../assets/default-avatar.svg';
import { displayName, type Named } from '../lib/display-name';

/** Whatever the API says about a person shown next to their work. */
export interface AccountSummary extends Named {
  image_url: string | null;
}

// Avatar + display name of an author, a reviewer, a student or an answering account.
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
