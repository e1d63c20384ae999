import { EventEditor } from '../components/event-editor';
import { emptyEventDraft, eventDraftStore } from '../event-draft';
import { formValuesOf } from '../event-schema';

// /events/new (event-form layout, admin). Coming back from the preview keeps what was typed;
// a draft that belongs to an existing event is not carried over here.
export function Component() {
  const draft = eventDraftStore.get();
  const initial = formValuesOf(draft.eventId === null ? draft : emptyEventDraft);
  return <EventEditor heading="イベント作成" eventId={null} initial={initial} participantsCount={0} />;
}
