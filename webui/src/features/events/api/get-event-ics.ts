import { api, unwrap } from '../../../lib/api-client';

// One event as iCalendar ("カレンダーに追加"). Fetched with the bearer token (a plain link
// would carry none), then handed to the browser as a download.
export const getEventIcs = (id: number) =>
  unwrap(
    api.GET('/api/v1/events/{id}.ics', {
      params: { path: { id } },
      parseAs: 'blob',
    }),
  ) as Promise<Blob>;
