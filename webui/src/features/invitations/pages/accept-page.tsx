import { useQueryClient } from '@tanstack/react-query';
import Typography from '@mui/material/Typography';
import { useNavigate, useParams } from 'react-router';
import { LoadingBarView } from '../../../components/loading-indicators';
import { PublicCard } from '../../../components/public-card';
import { useInvitation } from '../api/get-invitation';
import { AcceptForm } from '../components/accept-form';
import { ExpiredInvitation, InvalidInvitation } from '../components/invitation-notice';

// /account/new/:id?. Open to everyone: a visitor logged in as someone else who accepts is
// logged in as the new account instead (docs/webui.md).
export function Component() {
  const { id } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invitation = useInvitation(id);

  if (id && invitation.isPending) return <LoadingBarView />;

  const accepted = () => {
    queryClient.clear(); // nothing cached from a previous session may leak into this one
    void navigate('/account/new/complete', { replace: true });
  };

  const view = invitation.data;
  return (
    <PublicCard title="アカウント登録">
      {!id || invitation.isError || !view ? (
        <InvalidInvitation />
      ) : view.expired ? (
        <ExpiredInvitation contact={view.contact} />
      ) : (
        <>
          <Typography sx={{ mb: 3 }}>ニックネームとパスワードを設定して、アカウント登録を完了してください。</Typography>
          <AcceptForm id={id} invitation={view} onAccepted={accepted} onLinkDead={() => void invitation.refetch()} />
        </>
      )}
    </PublicCard>
  );
}
