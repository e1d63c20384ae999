import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { messages } from '../../../lib/messages';

// No token, or one that is unknown, used or expired: say so and offer a new request.
export function InvalidResetLink() {
  return (
    <>
      <Typography role="alert" sx={{ mb: 3 }}>
        {messages.password_reset_link_invalid}
      </Typography>
      <Link to="/reset-password">パスワード再設定をやり直す</Link>
    </>
  );
}
