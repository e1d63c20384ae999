// The event form (spec §5 and the events contract): the same rules and catalogue messages as
// the daemon, so the admin sees them before sending. Capacity's lower bound is the current
// participant count when an event is edited ('N名(現在の参加人数)以上で設定してください').
import * as z from 'zod/mini';
import { fill, limits, messages } from '../../lib/messages';
import { isOneLine, trimmed, trimSpace } from '../../lib/validation';
import type { EventDraft } from './event-draft';

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

export function capacityError(value: string, participantsCount = 0): string | null {
  const text = trimSpace(value);
  if (text === '') return messages.event_capacity_required;
  if (!/^[0-9]+$/.test(text)) return messages.event_capacity_digits;
  const capacity = Number(text);
  if (capacity < limits.event_capacity_min) return messages.event_capacity_at_least_one;
  if (capacity > limits.event_capacity_max) return messages.event_capacity_max;
  if (capacity < participantsCount) return fill(messages.event_capacity_min, { count: participantsCount });
  return null;
}

// A real calendar day in YYYY-MM-DD (2026-02-30 is not).
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const required = (message: string) => z.string().check(trimmed(), z.minLength(1, message));

export function eventSchema(participantsCount = 0) {
  return z
    .object({
      title: z
        .string()
        .check(
          trimmed(),
          z.minLength(1, messages.title_required),
          z.refine(isOneLine, messages.title_one_line),
          z.maxLength(limits.event_title_max, messages.event_title_too_long),
        ),
      tagId: z.string().check(z.regex(/^[1-9][0-9]*$/, messages.event_tag_unknown)), // the select's value
      image: z.string(),
      description: z.string().check(z.maxLength(limits.event_description_max, messages.event_description_too_long)),
      capacity: z.string().check(
        z.superRefine((value, ctx) => {
          const error = capacityError(value, participantsCount);
          if (error) ctx.addIssue({ code: 'custom', message: error, input: value });
        }),
      ),
      startDate: required(messages.event_start_date_required).check(
        z.refine((value) => value === '' || isRealDate(value), messages.event_start_date_format),
      ),
      startAt: required(messages.event_start_at_required).check(z.regex(TIME, messages.event_time_format)),
      endAt: required(messages.event_end_at_required).check(z.regex(TIME, messages.event_time_format)),
      meetingUrl: z.string().check(
        trimmed(),
        z.refine((value) => value === '' || isHttpUrl(value), messages.url_format),
      ),
    })
    .check(
      z.superRefine((values, ctx) => {
        if (TIME.test(values.startAt) && TIME.test(values.endAt) && values.endAt <= values.startAt)
          ctx.addIssue({ code: 'custom', message: messages.event_end_before_start, path: ['endAt'], input: values });
      }),
    );
}

export type EventFormValues = z.infer<ReturnType<typeof eventSchema>>;

export function formValuesOf(draft: EventDraft): EventFormValues {
  const { title, tagId, image, description, capacity, startDate, startAt, endAt, meetingUrl } = draft;
  return { title, tagId: String(tagId), image, description, capacity, startDate, startAt, endAt, meetingUrl };
}

// The form's values as draft fields (the tag id back to a number).
export function draftValuesOf(
  values: EventFormValues,
): Omit<EventDraft, 'tags' | 'eventId' | 'participantsCount' | 'published' | 'isEventContentValid'> {
  return { ...values, tagId: Number(values.tagId) };
}

// Server field names (422 `fields`) → form fields.
export const eventFieldMap: Record<string, keyof EventFormValues> = {
  title: 'title',
  tag_id: 'tagId',
  image_url: 'image',
  description: 'description',
  capacity: 'capacity',
  start_date: 'startDate',
  start_at: 'startAt',
  end_at: 'endAt',
  meeting_url: 'meetingUrl',
};
