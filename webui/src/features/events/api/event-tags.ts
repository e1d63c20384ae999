import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { eventKeys } from '../query-keys';

// Admin: add, rename and delete the tags events are filed under (the default tag 1 stays).
export const createEventTag = (name: string) =>
  unwrap(api.POST('/api/v1/event_tags', { body: { event_tag: { name } } }));

export const renameEventTag = (id: number, name: string) =>
  unwrap(api.PATCH('/api/v1/event_tags/{id}', { params: { path: { id } }, body: { event_tag: { name } } }));

export const deleteEventTag = (id: number) =>
  unwrap(api.DELETE('/api/v1/event_tags/{id}', { params: { path: { id } } }));

// Each refreshes the tag list (the form's select and the cards read it).
export function useEventTagMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: eventKeys.tags });
  return {
    create: useMutation({ mutationFn: createEventTag, onSuccess }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: number; name: string }) => renameEventTag(id, name),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: deleteEventTag, onSuccess }),
  };
}
