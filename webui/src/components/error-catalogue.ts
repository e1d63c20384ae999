// The error catalogue (spec §8): status → title, message and what to do next.
import { messages } from '../lib/messages';

export interface ErrorEntry {
  status: number | null;
  title: string;
  message: string;
  detail: string;
  caption?: string; // a line beside the status (404's 'This page could not be found')
}

// Unknown pages, guard refusals, invalid route parameters and an API's 404 are one page (spec:
// unknown pages read 'This page could not be found'; the 404 page 'page not found').
export const NOT_FOUND_MESSAGE = 'This page could not be found';

const RETRY_LATER = messages.error_page_retry_later;

const catalogue: Record<number, Omit<ErrorEntry, 'status'>> = {
  400: {
    title: 'Bad Request',
    message: messages.error_page_bad_request,
    detail: messages.error_page_bad_request_detail,
  },
  401: {
    title: 'Unauthorized',
    message: messages.error_page_unauthorized,
    detail: messages.error_page_unauthorized_detail,
  },
  404: {
    title: 'Page Not Found',
    message: messages.error_page_not_found,
    detail: messages.error_page_not_found_detail,
    caption: NOT_FOUND_MESSAGE,
  },
  422: {
    title: 'Unprocessable Entity',
    message: messages.error_page_unprocessable,
    detail: messages.error_page_unprocessable_detail,
  },
  500: {
    title: 'Internal Server Error',
    message: messages.internal,
    detail: RETRY_LATER,
  },
  503: {
    title: 'Service Temporarily Unavailable',
    message: messages.error_page_unavailable,
    detail: RETRY_LATER,
  },
};

const other: Omit<ErrorEntry, 'status'> = {
  title: 'Error',
  message: messages.error_page_other,
  detail: RETRY_LATER,
};

export function errorEntry(status: number | null | undefined): ErrorEntry {
  const known = status != null ? catalogue[status] : undefined;
  return { status: status ?? null, ...(known ?? other) };
}

export function notFoundEntry(): ErrorEntry {
  return errorEntry(404);
}
