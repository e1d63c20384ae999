import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PublicCard } from '../../../components/public-card';
import { LoadingBarView } from '../../../components/loading-indicators';
import { endLocalSession } from '../../../lib/session';
import { usePasswordReset } from '../api/get-password-reset';
import { InvalidResetLink } from '../components/invalid-reset-link';
import { NewPasswordForm } from '../components/new-password-form';

// /reset-password/:token?/edit. Open to everyone, logged in or not (docs/webui.md): the link is
// the authority. The reset ends every session of the account, so the browser forgets its own.
export function Component() {
  const { token } = useParams();
  const navigate = useNavigate();
  const check = usePasswordReset(token);
  const [dead, setDead] = useState(false);

  if (token && check.isPending) return <LoadingBarView />;

  const done = () => {
    endLocalSession();
    void navigate('/reset-password/complete', { replace: true });
  };

  return (
    <PublicCard title="新しいパスワードの設定">
      {!token || check.isError || dead ? (
        <InvalidResetLink />
      ) : (
        <>
          <Typography sx={{ mb: 3 }}>新しいパスワードを入力してください。</Typography>
          <NewPasswordForm token={token} onDone={done} onLinkDead={() => setDead(true)} />
        </>
      )}
    </PublicCard>
  );
}
