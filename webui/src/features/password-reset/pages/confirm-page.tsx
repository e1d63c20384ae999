import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { PublicCard } from '../../../components/public-card';
import { messages } from '../../../lib/messages';

// /reset-password/confirm: the same words whether the address is registered or not.
export function Component() {
  return (
    <PublicCard title="メールを送信しました">
      <Typography role="status" sx={{ mb: 3 }}>
        {messages.password_reset_sent}
      </Typography>
      <Typography variant="body2" sx={{ mb: 3 }}>
        メールが届かない場合は、迷惑メールフォルダをご確認のうえ、もう一度お試しください。
      </Typography>
      <Link to="/login">ログイン画面に戻る</Link>
    </PublicCard>
  );
}
