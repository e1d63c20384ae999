import { createEvent } from './api/create-event';
import { publishEvent } from './api/publish-event';
import { updateEvent } from './api/update-event';
import { updateEventDraft, type EventDraft } from './event-draft';
import { eventInputOf } from './event-input';

// Writes the draft: a new event is created (as a draft; its id is kept in the draft at once, so
// a failed publish retried later updates it instead of creating a second one), an existing one
// updated; then published when asked (idempotent on the server).
export async function saveEventDraft(draft: EventDraft, publish: boolean) {
  const input = eventInputOf(draft);
  let event;
  if (draft.eventId === null) {
    event = await createEvent(input);
    updateEventDraft({ eventId: event.id });
  } else {
    event = await updateEvent(draft.eventId, input);
  }
  return publish && event.status !== 'published' ? publishEvent(event.id) : event;
}
