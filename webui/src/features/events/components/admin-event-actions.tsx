import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../../lib/messages';
import { cancelEvent } from '../api/cancel-event';
import { publishEvent } from '../api/publish-event';
import { resetEventDraft } from '../event-draft';
import type { EventItem } from '../types';
import { useEventAction } from '../use-event-action';
import { ParticipantsDialog } from './participants-dialog';
import { askConfirmation } from '../../../lib/feedback';

// The admin's buttons on a card: edit (from the stored event), publish a draft, see who takes part in a published
// event, cancel it (asked first: participants get a mail).
export function AdminEventActions({ event }: { event: EventItem }) {
  const run = useEventAction();
  const navigate = useNavigate();
  const [showParticipants, setShowParticipants] = useState(false);
  // A fresh edit starts from the stored event, not from an abandoned draft of it.
  const edit = () => {
    resetEventDraft();
    navigate(`/events/${event.id}/edit`);
  };
  const publish = () =>
    run(
      () => publishEvent(event.id),
      () => messages.event_notice_published,
    );
  const cancel = async () => {
    if (await askConfirmation({ message: messages.event_cancel_confirm, confirmLabel: '中止する', danger: true }))
      void run(
        () => cancelEvent(event.id),
        () => messages.event_notice_cancelled,
      );
  };

  if (event.status === 'cancelled') return null;
  return (
    <>
      <Button variant="outlined" onClick={edit}>
        編集
      </Button>
      {event.status === 'draft' && (
        <Button variant="contained" onClick={publish}>
          公開する
        </Button>
      )}
      {event.status === 'published' && (
        <>
          <Button variant="outlined" onClick={() => setShowParticipants(true)}>
            参加者
          </Button>
          <Button variant="outlined" color="error" onClick={cancel}>
            中止する
          </Button>
        </>
      )}
      {showParticipants && <ParticipantsDialog event={event} onClose={() => setShowParticipants(false)} />}
    </>
  );
}
