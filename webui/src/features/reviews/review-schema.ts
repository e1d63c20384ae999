import * as z from 'zod/mini';
import type { ReviewStatus } from '../../lib/api-types';
import { messages } from '../../lib/messages';
import { reviewStatusLabels } from '../../lib/review-status';
import { notBlank } from '../../lib/validation';

const verdicts = Object.keys(reviewStatusLabels) as ReviewStatus[];

// The review form (spec §5): the comment is required and not only whitespace, the status is
// required (合格 or 修正依頼).
export const reviewSchema = z.object({
  comment: z.string().check(notBlank(messages.review_comment_required)),
  status: z.string().check(z.refine((v) => (verdicts as string[]).includes(v), messages.review_status_required)),
});

export type ReviewValues = z.infer<typeof reviewSchema>;

// Server field names (422 `fields`) → form fields.
export const reviewFieldMap = { comment: 'comment', status: 'status' } as const;
