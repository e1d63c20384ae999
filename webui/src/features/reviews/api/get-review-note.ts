import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { ReviewNoteName } from '../../../lib/api-types';
import { reviewKeys } from '../query-keys';

export const getReviewNote = (name: ReviewNoteName) =>
  unwrap(api.GET('/api/v1/review_notes/{name}', { params: { path: { name } } }));

export const reviewNoteQueryOptions = (name: ReviewNoteName) =>
  queryOptions({ queryKey: reviewKeys.note(name), queryFn: () => getReviewNote(name), staleTime: 10 * 60_000 });

export const useReviewNote = (name: ReviewNoteName) => useQuery(reviewNoteQueryOptions(name));
