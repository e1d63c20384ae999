// Events as the daemon sends them, for the unit tests.
import type { EventItem } from './types';

export function sampleEvent(overrides: Partial<EventItem> = {}): EventItem {
  return {
    id: 12,
    title: 'Rails もくもく会',
    tag: { id: 1, name: '勉強会' },
    image_url: null,
    description: '各自の課題を**もくもく**進めます',
    capacity: 20,
    participants_count: 12,
    waitlist_count: 0,
    start_date: '2099-12-05',
    start_at: '19:00',
    end_at: '21:00',
    starts_at: '2099-12-05T19:00:00+09:00',
    ends_at: '2099-12-05T21:00:00+09:00',
    status: 'published',
    meeting_url: null,
    my_participation: null,
    waitlist_position: null,
    published_at: '2026-11-20T10:00:00+09:00',
    created_at: '2026-11-19T10:00:00+09:00',
    ...overrides,
  };
}
