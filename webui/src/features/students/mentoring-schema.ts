// The mentoring record and mentor-in-charge forms (spec: mentoring and mentor-in-charge
// validation), with the catalogue's messages word for word. The daemon checks the same rules.
import * as z from 'zod/mini';
import { formatDateTime, schoolInstant } from '../../lib/dates';
import { limits, messages } from '../../lib/messages';
import { isBlank, trimSpace } from '../../lib/validation';

// 2026-11-25T10:00, 2026-11-25 10:00:00, 2026/11/25 10:00 (what the date-time field gives or a
// person types), seconds optional.
const DATE_TIME = /^(\d{4})[-/](\d{2})[-/](\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A real calendar day and time of day (2026-02-30 and 25:00 are not). */
export function parseHeldAt(value: string): string | null {
  const match = DATE_TIME.exec(trimSpace(value));
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  const realDay = date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
  if (!realDay || hour! > 23 || minute! > 59 || second! > 59) return null;
  const two = (n: number) => String(n).padStart(2, '0');
  // What the mentor typed is school time.
  return schoolInstant(`${year}-${two(month!)}-${two(day!)}`, `${two(hour!)}:${two(minute!)}:${two(second!)}`);
}

/** A stored held_at (ISO 8601) as the form's text: 2026-11-20 19:00, school time, as typed. */
export const heldAtInput = (iso: string): string => formatDateTime(iso, 'YYYY-MM-DD HH:mm');

/** Characters as people count them (code points, so 𠮷 is one). */
export const charCount = (value: string) => [...value].length;

export const mentoringSchema = z.object({
  heldAt: z.string().check(
    z.superRefine((value, ctx) => {
      if (isBlank(value)) ctx.addIssue({ code: 'custom', message: messages.mentoring_date_required, input: value });
      else if (charCount(trimSpace(value)) < limits.mentoring_held_at_min || parseHeldAt(value) === null)
        ctx.addIssue({ code: 'custom', message: messages.mentoring_date_format, input: value });
    }),
  ),
  body: z.string().check(
    z.superRefine((value, ctx) => {
      if (isBlank(value)) ctx.addIssue({ code: 'custom', message: messages.mentoring_body_required, input: value });
      else if (charCount(value) > limits.mentoring_body_max)
        ctx.addIssue({ code: 'custom', message: messages.mentoring_body_too_long, input: value });
    }),
  ),
});

export type MentoringFormValues = z.infer<typeof mentoringSchema>;

export const mentoringFieldMap: Record<string, keyof MentoringFormValues> = { held_at: 'heldAt', body: 'body' };

// The select's value: a mentor's id, '' for none chosen.
export const mentorSchema = z.object({
  mentorId: z.string().check(z.regex(/^[1-9][0-9]*$/, messages.mentor_in_charge_required)),
});

export type MentorFormValues = z.infer<typeof mentorSchema>;
