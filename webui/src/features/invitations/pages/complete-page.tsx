import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { PublicCard } from '../../../components/public-card';
import { messages } from '../../../lib/messages';

// /account/new/complete: the new account is logged in (its token was stored on accepting).
export function Component() {
  return (
    <PublicCard title="アカウント登録完了">
      <Typography role="status" sx={{ mb: 3 }}>
        {messages.invitation_accepted}
      </Typography>
      <Button component={Link} to="/" variant="contained">
        はじめる
      </Button>
    </PublicCard>
  );
}
