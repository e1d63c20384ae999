// Between the draft and the server: the request body built from the draft, the draft built
// from a stored event, and the preview event (what students will see) built from the draft.
import { trimSpace } from '../../lib/validation';
import type { EventDraft } from './event-draft';
import type { EventFormValues } from './event-schema';
import { schoolInstant } from '../../lib/dates';
import type { EventInput, EventItem, EventTag } from './types';

export function eventInputOf(draft: EventDraft): EventInput {
  return {
    title: trimSpace(draft.title),
    tag_id: draft.tagId,
    image_url: draft.image === '' ? null : draft.image,
    description: draft.description,
    capacity: Number(draft.capacity.trim()),
    start_date: draft.startDate,
    start_at: draft.startAt,
    end_at: draft.endAt,
    meeting_url: draft.meetingUrl.trim() === '' ? null : draft.meetingUrl.trim(),
  };
}

export function draftFieldsOf(event: EventItem): EventFormValues & { participantsCount: number } {
  return {
    title: event.title,
    tagId: String(event.tag.id),
    image: event.image_url ?? '',
    description: event.description,
    capacity: String(event.capacity),
    startDate: event.start_date,
    startAt: event.start_at,
    endAt: event.end_at,
    meetingUrl: event.meeting_url ?? '',
    participantsCount: event.participants_count,
  };
}

const tagOf = (tags: EventTag[], id: number): EventTag => tags.find((t) => t.id === id) ?? { id, name: '' };

// The event as a student who has not joined yet will see it once published.
export function previewEventOf(draft: EventDraft): EventItem {
  const now = new Date().toISOString();
  return {
    id: draft.eventId ?? 0,
    title: trimSpace(draft.title),
    tag: tagOf(draft.tags, draft.tagId),
    image_url: draft.image === '' ? null : draft.image,
    description: draft.description,
    capacity: Number(draft.capacity.trim()),
    participants_count: draft.participantsCount,
    waitlist_count: 0,
    start_date: draft.startDate,
    start_at: draft.startAt,
    end_at: draft.endAt,
    starts_at: schoolInstant(draft.startDate, draft.startAt),
    ends_at: schoolInstant(draft.startDate, draft.endAt),
    status: 'published',
    meeting_url: null,
    my_participation: null,
    waitlist_position: null,
    published_at: now,
    created_at: now,
  };
}
