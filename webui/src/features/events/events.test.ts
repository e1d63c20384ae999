import { describe, expect, it } from 'vitest';
import { messages } from '../../lib/messages';
import { emptyEventDraft, eventDraftStore, reloadEventDraft, resetEventDraft, updateEventDraft } from './event-draft';
import { schoolInstant } from '../../lib/dates';
import { formatCapacity, formatEventSchedule, hasEnded } from './event-format';
import { draftFieldsOf, eventInputOf, previewEventOf } from './event-input';
import {
  capacityError,
  draftValuesOf,
  eventSchema,
  formValuesOf,
  isRealDate,
  type EventFormValues,
} from './event-schema';
import { parseListState, toListParams } from './list-state';
import { sampleEvent } from './test-fixtures';

const valid: EventFormValues = {
  title: 'Rails もくもく会',
  tagId: '2',
  image: '',
  description: '## 内容\n各自の課題を進めます',
  capacity: '20',
  startDate: '2026-12-05',
  startAt: '19:00',
  endAt: '21:00',
  meetingUrl: 'https://meet.example.com/abc',
};

// The first message zod reports for each field.
function errorsOf(values: Partial<EventFormValues>, participants = 0): Record<string, string> {
  const result = eventSchema(participants).safeParse({ ...valid, ...values });
  const errors: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('event schema (spec messages word for word)', () => {
  it('accepts a complete event', () => {
    expect(errorsOf({})).toEqual({});
  });

  it.each([
    [{ title: '' }, 'title', 'タイトルは必須です'],
    [{ title: '  　 ' }, 'title', 'タイトルは必須です'],
    [{ title: 'あ'.repeat(101) }, 'title', 'タイトルは100文字以内でご入力ください'],
    [{ title: '一行目\n二行目' }, 'title', 'タイトルに改行や制御文字は使用できません'],
    [{ title: 'タブ\tあり' }, 'title', 'タイトルに改行や制御文字は使用できません'],
    [{ title: 'a\u2028b' }, 'title', 'タイトルに改行や制御文字は使用できません'],
    [{ capacity: '' }, 'capacity', '定員は必須です'],
    [{ capacity: '２０' }, 'capacity', '半角数字のみ入力してください'],
    [{ capacity: '-3' }, 'capacity', '半角数字のみ入力してください'],
    [{ capacity: '1.5' }, 'capacity', '半角数字のみ入力してください'],
    [{ capacity: '0' }, 'capacity', '1名以上で設定してください'],
    [{ capacity: '1001' }, 'capacity', '1000名以下で設定してください'],
    [{ startDate: '' }, 'startDate', '開催日は必須です'],
    [{ startDate: '2026-02-30' }, 'startDate', '開催日が不正です'],
    [{ startAt: '' }, 'startAt', '開始時刻は必須です'],
    [{ endAt: '' }, 'endAt', '終了時刻は必須です'],
    [{ endAt: '18:30' }, 'endAt', '終了時刻は開始時刻より後に設定してください'],
    [{ meetingUrl: 'meet.example.com' }, 'meetingUrl', '不正なURLです'],
    [{ meetingUrl: 'javascript:alert(1)' }, 'meetingUrl', '不正なURLです'],
    [{ description: 'a'.repeat(10_001) }, 'description', '説明は10000文字以内でご入力ください'],
  ] as const)('%j → %s: %s', (values, field, message) => {
    expect(errorsOf(values)[field]).toBe(message);
  });

  it('bounds the capacity by the current participant count when editing', () => {
    expect(errorsOf({ capacity: '11' }, 12).capacity).toBe('12名(現在の参加人数)以上で設定してください');
    expect(errorsOf({ capacity: '12' }, 12)).toEqual({});
    expect(capacityError('1000', 12)).toBeNull();
    expect(capacityError(' 20 ')).toBeNull();
  });

  it('leaves the meeting URL optional and accepts 1 and 1000 as capacity', () => {
    expect(errorsOf({ meetingUrl: '', capacity: '1' })).toEqual({});
    expect(errorsOf({ capacity: '1000' })).toEqual({});
  });

  it('knows real calendar days', () => {
    expect(isRealDate('2028-02-29')).toBe(true);
    expect(isRealDate('2026-02-29')).toBe(false);
    expect(isRealDate('2026-12-5')).toBe(false);
  });

  it('takes every message from the catalogue', () => {
    expect(messages.event_capacity_min).toBe('{count}名(現在の参加人数)以上で設定してください');
    expect(messages.event_start_date_required).toBe('開催日は必須です');
  });
});

describe('event draft store', () => {
  it('starts empty: empty strings, tagId 1, not valid', () => {
    expect(emptyEventDraft).toMatchObject({
      isEventContentValid: false,
      title: '',
      tagId: 1,
      image: '',
      description: '',
      capacity: '',
      startDate: '',
      startAt: '',
      endAt: '',
      meetingUrl: '',
    });
  });

  it('survives the step to /events/confirm, even a reload of the tab', () => {
    updateEventDraft({ ...draftValuesOf(valid), isEventContentValid: true, tags: [{ id: 2, name: 'もくもく会' }] });
    reloadEventDraft(); // reads sessionStorage as a fresh page would
    expect(eventDraftStore.get()).toMatchObject({ ...valid, tagId: 2, isEventContentValid: true });
    expect(formValuesOf(eventDraftStore.get())).toEqual(valid);
  });

  it('resets to empty strings, tagId 1 and the valid flag false, keeping the tag list', () => {
    const tags = [{ id: 2, name: 'もくもく会' }];
    updateEventDraft({ ...draftValuesOf(valid), isEventContentValid: true, eventId: 9, participantsCount: 3, tags });
    resetEventDraft();
    expect(eventDraftStore.get()).toEqual({ ...emptyEventDraft, tags });
    reloadEventDraft();
    expect(eventDraftStore.get().isEventContentValid).toBe(false);
  });
});

describe('dates, times and numbers', () => {
  it('shows the schedule in Japanese, in Asia/Tokyo, whatever the instant’s offset', () => {
    expect(formatEventSchedule({ starts_at: '2026-12-05T10:00:00Z', ends_at: '2026-12-05T12:00:00Z' })).toBe(
      '2026年12月5日(土) 19:00〜21:00',
    );
    expect(formatEventSchedule({ starts_at: '2026-12-31T23:00:00+09:00', ends_at: '2027-01-01T01:00:00+09:00' })).toBe(
      '2026年12月31日(木) 23:00〜1月1日(金) 01:00',
    );
  });

  it('turns the draft’s wall-clock fields into school instants', () => {
    expect(schoolInstant('2026-12-05', '19:00')).toBe('2026-12-05T19:00:00+09:00');
  });

  it('writes capacity, participants and the waitlist', () => {
    expect(formatCapacity({ capacity: 20, participants_count: 12, waitlist_count: 0 })).toBe('定員 20名 / 参加 12名');
    expect(formatCapacity({ capacity: 2, participants_count: 2, waitlist_count: 3 })).toBe(
      '定員 2名 / 参加 2名 / キャンセル待ち 3名',
    );
  });

  it('knows when an event has ended', () => {
    const now = new Date('2026-12-05T12:30:00Z');
    expect(hasEnded({ ends_at: '2026-12-05T21:00:00+09:00' }, now)).toBe(true);
    expect(hasEnded({ ends_at: '2026-12-05T22:00:00+09:00' }, now)).toBe(false);
  });
});

describe('draft ↔ server', () => {
  it('builds the request body (trimmed title, number capacity, nulls for empty optional fields)', () => {
    const draft = {
      ...emptyEventDraft,
      ...valid,
      tagId: 2,
      title: '  Rails もくもく会 ',
      capacity: ' 20',
      meetingUrl: '',
    };
    expect(eventInputOf(draft)).toEqual({
      title: 'Rails もくもく会',
      tag_id: 2,
      image_url: null,
      description: valid.description,
      capacity: 20,
      start_date: '2026-12-05',
      start_at: '19:00',
      end_at: '21:00',
      meeting_url: null,
    });
  });

  it('fills the form from a stored event and previews the draft as a student sees it', () => {
    const event = sampleEvent({ participants_count: 12, meeting_url: 'https://meet.example.com/x' });
    const { participantsCount, ...fields } = draftFieldsOf(event);
    expect(participantsCount).toBe(12);
    expect(fields).toMatchObject({
      title: event.title,
      capacity: '20',
      tagId: '1',
      meetingUrl: 'https://meet.example.com/x',
    });
    const preview = previewEventOf({ ...emptyEventDraft, ...valid, tagId: 2, tags: [{ id: 2, name: 'もくもく会' }] });
    expect(preview).toMatchObject({
      title: valid.title,
      tag: { id: 2, name: 'もくもく会' },
      capacity: 20,
      starts_at: '2026-12-05T19:00:00+09:00',
      status: 'published',
      meeting_url: null,
      my_participation: null,
    });
  });
});

describe('list state in the URL', () => {
  it('reads and writes the tab and the page', () => {
    expect(parseListState(new URLSearchParams('scope=past&page=3'), false)).toEqual({ scope: 'past', page: 3 });
    expect(parseListState(new URLSearchParams('scope=drafts'), false)).toEqual({ scope: 'upcoming', page: 1 });
    expect(parseListState(new URLSearchParams('scope=drafts&page=-1'), true)).toEqual({ scope: 'drafts', page: 1 });
    expect(toListParams({ scope: 'upcoming', page: 1 }).toString()).toBe('');
    expect(toListParams({ scope: 'past', page: 2 }).toString()).toBe('scope=past&page=2');
  });
});
