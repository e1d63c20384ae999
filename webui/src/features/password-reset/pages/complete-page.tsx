import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { PublicCard } from '../../../components/public-card';
import { messages } from '../../../lib/messages';

// /reset-password/complete: every session of the account has ended; log in with the new password.
export function Component() {
  return (
    <PublicCard title="パスワードを再設定しました">
      <Typography role="status" sx={{ mb: 3 }}>
        {messages.password_reset_done}
      </Typography>
      <Link to="/login">ログインする</Link>
    </PublicCard>
  );
}
