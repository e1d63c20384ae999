import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export const getInvitation = (id: string) => unwrap(api.GET('/api/v1/invitations/{id}', { params: { path: { id } } }));

// The invitation behind a link (404: unknown, accepted or replaced; expired ones are shown).
export const useInvitation = (id: string | undefined) =>
  useQuery({
    queryKey: ['invitation', id ?? ''],
    queryFn: () => getInvitation(id ?? ''),
    enabled: Boolean(id),
    retry: false,
    gcTime: 0,
  });
