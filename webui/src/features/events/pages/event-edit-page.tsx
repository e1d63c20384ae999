import LinearProgress from '@mui/material/LinearProgress';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { errorStatus } from '../../../lib/api-client';
import { showErrorPage } from '../../../lib/feedback';
import { useEvent } from '../api/get-event';
import { EventEditor } from '../components/event-editor';
import { eventDraftStore } from '../event-draft';
import { draftFieldsOf } from '../event-input';
import { formValuesOf } from '../event-schema';

// /events/{eventId}/edit (event-form layout, admin; the id is checked by the route). The form
// starts from the stored event, or from the draft when coming back from the preview. The
// capacity may not go below the event's current participants.
export function Component() {
  const id = Number(useParams().eventId);
  const event = useEvent(id);

  useEffect(() => {
    if (event.error) showErrorPage(errorStatus(event.error));
  }, [event.error]);

  if (!event.data) return <LinearProgress aria-label="読み込み中" />;
  const draft = eventDraftStore.get();
  const { participantsCount, ...stored } = draftFieldsOf(event.data);
  const initial = draft.eventId === id ? formValuesOf(draft) : stored;
  return (
    <EventEditor
      key={id}
      heading="イベント編集"
      eventId={id}
      initial={initial}
      participantsCount={participantsCount}
      published={event.data.status === 'published'}
    />
  );
}
