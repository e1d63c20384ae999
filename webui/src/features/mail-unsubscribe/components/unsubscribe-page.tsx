import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { PageHeading } from '../../../components/page-heading';
import { ApiError } from '../../../lib/api-client';
import { messages } from '../../../lib/messages';
import { useUnsubscription } from '../api/get-unsubscription';
import { useStopUnsubscription } from '../api/stop-unsubscription';
import { looksLikeLinkId, topicPages, type UnsubscribeTopic } from '../topics';

function Notice({ text, severity }: { text: string; severity: 'success' | 'error' | 'info' }) {
  return (
    <Alert severity={severity} data-testid="unsubscribe-notice" sx={{ mb: 2 }}>
      {text}
    </Alert>
  );
}

// The confirm step and its outcome, once the link is known to be good.
function Confirm({ topic, id }: { topic: UnsubscribeTopic; id: string }) {
  const link = useUnsubscription(topic, id, true);
  const stop = useStopUnsubscription(topic, id);
  if (link.isPending) return <CircularProgress aria-label="読み込み中" />;
  if (link.isError) {
    const unknown = link.error instanceof ApiError && link.error.status === 404;
    return <Notice severity="error" text={unknown ? messages.unsubscribe_link_invalid : messages.unsubscribe_failed} />;
  }
  if (link.data.stopped)
    return (
      <div data-testid="unsubscribe-done">
        <Notice severity="success" text={stop.isSuccess ? messages.unsubscribe_done : messages.unsubscribe_already} />
        <Typography component="p">{messages.unsubscribe_transactional_kept}</Typography>
      </div>
    );
  return (
    <div data-testid="unsubscribe-confirm">
      <Typography component="p" sx={{ mb: 1 }}>
        配信先: <strong data-testid="unsubscribe-email">{link.data.email}</strong>
      </Typography>
      <Typography component="p" sx={{ mb: 1 }}>
        {topicPages[topic].stops}
      </Typography>
      <Typography component="p" sx={{ mb: 3 }}>
        {messages.unsubscribe_transactional_kept}
      </Typography>
      {stop.isError && <Notice severity="error" text={messages.unsubscribe_failed} />}
      <Button variant="contained" disabled={stop.isPending} onClick={() => stop.mutate()}>
        配信を停止する
      </Button>
    </div>
  );
}

// One of the three unsubscribe pages (docs/mail.md): no login, the id in the URL is the proof.
// Without an id, or with one that is not a signed id, nothing is asked of the server.
export function UnsubscribePage({ topic }: { topic: UnsubscribeTopic }) {
  const { id } = useParams();
  return (
    <AppTheme>
      <Paper component="article" variant="outlined" sx={{ maxWidth: 640, mx: 'auto', p: { xs: 2, sm: 4 } }}>
        <PageHeading title={topicPages[topic].title} />
        {!id ? (
          <Notice severity="error" text={messages.unsubscribe_link_missing} />
        ) : looksLikeLinkId(id) ? (
          <Confirm topic={topic} id={id} />
        ) : (
          <Notice severity="error" text={messages.unsubscribe_link_invalid} />
        )}
      </Paper>
    </AppTheme>
  );
}
