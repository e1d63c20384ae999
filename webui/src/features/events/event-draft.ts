// The event draft (spec §3): what the admin typed on /events/new or /events/{id}/edit, kept
// while they step to /events/confirm and back. A module store mirrored into sessionStorage, so
// the preview also survives a reload of that tab. Reset: empty strings, tagId 1, valid flag false.
import { createStore } from '../../lib/store';
import type { EventTag } from './types';

export const DEFAULT_TAG_ID = 1;

export interface EventDraft {
  isEventContentValid: boolean;
  title: string;
  tagId: number;
  image: string; // an /uploads/... URL or ''
  description: string;
  capacity: string;
  startDate: string; // YYYY-MM-DD
  startAt: string; // HH:MM
  endAt: string; // HH:MM
  meetingUrl: string;
  tags: EventTag[];
  eventId: number | null; // the event being edited; null for a new one
  participantsCount: number; // the edited event's participants (the capacity's lower bound)
  published: boolean; // the edited event is published already (its preview offers no 公開する)
}

export const emptyEventDraft: EventDraft = {
  isEventContentValid: false,
  title: '',
  tagId: DEFAULT_TAG_ID,
  image: '',
  description: '',
  capacity: '',
  startDate: '',
  startAt: '',
  endAt: '',
  meetingUrl: '',
  tags: [],
  eventId: null,
  participantsCount: 0,
  published: false,
};

const STORAGE_KEY = 'camp.event-draft';

function load(): EventDraft {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? { ...emptyEventDraft, ...(JSON.parse(raw) as Partial<EventDraft>) } : emptyEventDraft;
  } catch {
    return emptyEventDraft;
  }
}

export const eventDraftStore = createStore<EventDraft>(load());

eventDraftStore.subscribe(() => {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(eventDraftStore.get()));
  } catch {
    // Storage full or disabled: the in-memory draft still carries the step to the preview.
  }
});

export function updateEventDraft(change: Partial<EventDraft>): void {
  eventDraftStore.set((draft) => ({ ...draft, ...change }));
}

// Empty strings, tagId 1, valid flag false; the tag list (server data) is kept.
export function resetEventDraft(): void {
  eventDraftStore.set((draft) => ({ ...emptyEventDraft, tags: draft.tags }));
}

// Rereads sessionStorage (tests: a fresh page load).
export function reloadEventDraft(): void {
  eventDraftStore.set(load());
}
