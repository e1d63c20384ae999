import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { unsubscribeKeys } from '../query-keys';
import type { UnsubscribeTopic } from '../topics';

export const stopUnsubscription = (topic: UnsubscribeTopic, id: string) =>
  unwrap(api.POST('/api/v1/mail_unsubscriptions/{topic}/{id}', { params: { path: { topic, id } } })).then(
    (r) => r.data,
  );

export function useStopUnsubscription(topic: UnsubscribeTopic, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => stopUnsubscription(topic, id),
    onSuccess: (data) => queryClient.setQueryData(unsubscribeKeys.link(topic, id), data),
  });
}
