import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { unsubscribeKeys } from '../query-keys';
import type { UnsubscribeTopic } from '../topics';

export const getUnsubscription = (topic: UnsubscribeTopic, id: string) =>
  unwrap(api.GET('/api/v1/mail_unsubscriptions/{topic}/{id}', { params: { path: { topic, id } } })).then((r) => r.data);

export const unsubscriptionQueryOptions = (topic: UnsubscribeTopic, id: string) =>
  queryOptions({
    queryKey: unsubscribeKeys.link(topic, id),
    queryFn: () => getUnsubscription(topic, id),
    retry: false,
  });

export const useUnsubscription = (topic: UnsubscribeTopic, id: string, enabled: boolean) =>
  useQuery({ ...unsubscriptionQueryOptions(topic, id), enabled });
