import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { fileNameOf } from '../../../lib/download';
import type { components } from '../../../lib/generated/api-schema';
import { eventKeys } from '../query-keys';

export type EventParticipant = components['schemas']['EventParticipant'];

// Admin: the participants, then the waitlist, each in arrival order. (The route also answers
// text/csv, hence the union in its type; without `format` it is JSON.)
export const getParticipants = (id: number): Promise<EventParticipant[]> =>
  unwrap(api.GET('/api/v1/events/{id}/participants', { params: { path: { id } } })).then(
    (answer) => (answer as { data: EventParticipant[] }).data,
  );

export const useParticipants = (id: number) =>
  useQuery({ queryKey: eventKeys.participants(id), queryFn: () => getParticipants(id) });

// The same as the daemon's CSV (for attendance), fetched with the bearer token.
export async function getParticipantsCsv(id: number): Promise<{ blob: Blob; name: string }> {
  let disposition: string | null = null;
  const blob = await unwrap(
    api
      .GET('/api/v1/events/{id}/participants', {
        params: { path: { id }, query: { format: 'csv' } },
        parseAs: 'blob',
      })
      .then((answer) => {
        disposition = answer.response.headers.get('Content-Disposition');
        return answer;
      }),
  );
  return { blob: blob as Blob, name: fileNameOf(disposition, `event-${id}-participants.csv`) };
}
