import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { PageHeading } from '../../../components/page-heading';
import { ApiError, errorStatus } from '../../../lib/api-client';
import { askConfirmation, showErrorPage, showSnackbar, withLoading } from '../../../lib/feedback';
import { fill, messages } from '../../../lib/messages';
import { schoolToday } from '../../../lib/dates';
import { useStore } from '../../../lib/store';
import { getPublishAudience } from '../api/get-publish-audience';
import { EventCard } from '../components/event-card';
import { eventDraftStore, resetEventDraft } from '../event-draft';
import { saveEventDraft } from '../save-event-draft';
import { previewEventOf } from '../event-input';
import { eventKeys } from '../query-keys';

// /events/confirm: the draft exactly as students will see it; publish it, save it, or go back
// to the form with the draft intact. Without a valid draft there is nothing to confirm.
// Publishing asks first, saying how many people will be mailed; an event that is published
// already is only saved. After saving, the list opens on the tab that shows the event.
export function Component() {
  const draft = useStore(eventDraftStore);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string[]>([]);

  if (!draft.isEventContentValid) return <Navigate to="/events/new" replace />;

  const back = () => navigate(draft.eventId === null ? '/events/new' : `/events/${draft.eventId}/edit`);
  const save = async (publish: boolean) => {
    try {
      if (publish) {
        const audience = await withLoading(getPublishAudience);
        const message = fill(messages.event_publish_confirm, { count: audience });
        if (!(await askConfirmation({ message, confirmLabel: '公開する' }))) return;
      }
      await withLoading(() => saveEventDraft(draft, publish));
      await queryClient.invalidateQueries({ queryKey: eventKeys.all });
      showSnackbar(publish ? messages.event_notice_published : messages.event_notice_saved);
      const listed = publish || draft.published;
      const past = draft.startDate < schoolToday();
      // The draft is emptied only once this page is left: here, an empty draft sends the admin
      // back to /events/new.
      await navigate(!listed ? '/events?scope=drafts' : past ? '/events?scope=past' : '/events');
      resetEventDraft();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 422 || error.status === 409))
        setRefusal(
          Object.values(error.fields)
            .flat()
            .concat(Object.keys(error.fields).length ? [] : [error.message]),
        );
      else showErrorPage(errorStatus(error));
    }
  };

  return (
    <AppTheme>
      <PageHeading title="イベント確認" />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        受講生にはこのように表示されます。
      </Typography>
      {refusal.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="event-refusal">
          {refusal.map((text) => (
            <div key={text}>{text}</div>
          ))}
        </Alert>
      )}
      <EventCard event={previewEventOf(draft)} />
      {draft.meetingUrl.trim() && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          参加者にだけ表示されるミーティングURL: {draft.meetingUrl.trim()}
        </Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button onClick={back}>編集に戻る</Button>
        <Button variant={draft.published ? 'contained' : 'outlined'} onClick={() => save(false)}>
          保存する
        </Button>
        {!draft.published && (
          <Button variant="contained" onClick={() => save(true)}>
            公開する
          </Button>
        )}
      </Stack>
    </AppTheme>
  );
}
