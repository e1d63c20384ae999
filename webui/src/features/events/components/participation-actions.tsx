import Button from '@mui/material/Button';
import { errorStatus } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';
import { showErrorPage, withLoading } from '../../../lib/feedback';
import { messages } from '../../../lib/messages';
import { getEventIcs } from '../api/get-event-ics';
import { joinEvent } from '../api/join-event';
import { leaveEvent } from '../api/leave-event';
import { hasEnded, isFull } from '../event-format';
import type { EventItem } from '../types';
import { useEventAction } from '../use-event-action';

// A student's or graduate's buttons: join (or join the waitlist when full), cancel, and
// カレンダーに追加 (the event's .ics). Nothing to join once the event has ended or was cancelled.
export function ParticipationActions({ event }: { event: EventItem }) {
  const run = useEventAction();
  const open = event.status === 'published' && !hasEnded(event);
  const join = () =>
    run(
      () => joinEvent(event.id),
      ({ event: joined }) =>
        joined.my_participation === 'waitlisted' ? messages.event_notice_waitlisted : messages.event_notice_joined,
    );
  const leave = () =>
    run(
      () => leaveEvent(event.id),
      () => messages.event_notice_left,
    );
  const addToCalendar = async () => {
    try {
      downloadBlob(await withLoading(() => getEventIcs(event.id)), `event-${event.id}.ics`);
    } catch (error) {
      showErrorPage(errorStatus(error));
    }
  };

  return (
    <>
      {open && event.my_participation === null && (
        <Button variant="contained" onClick={join}>
          {isFull(event) ? 'キャンセル待ちに登録する' : '参加する'}
        </Button>
      )}
      {open && event.my_participation === 'participant' && (
        <Button variant="outlined" color="error" onClick={leave}>
          参加を取り消す
        </Button>
      )}
      {open && event.my_participation === 'waitlisted' && (
        <Button variant="outlined" color="error" onClick={leave}>
          キャンセル待ちを取り消す
        </Button>
      )}
      {event.status !== 'draft' && (
        <Button variant="text" onClick={addToCalendar}>
          カレンダーに追加
        </Button>
      )}
    </>
  );
}
