// The list's tab and page live in the URL (?scope=past&page=2), so a reload keeps them.
import type { EventScope } from './query-keys';

export interface EventListState {
  scope: EventScope;
  page: number;
}

export function parseListState(params: URLSearchParams, isAdmin: boolean): EventListState {
  const raw = params.get('scope');
  const scope: EventScope = raw === 'past' || (raw === 'drafts' && isAdmin) ? raw : 'upcoming';
  const page = Number(params.get('page'));
  return { scope, page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

export function toListParams(state: EventListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.scope !== 'upcoming') params.set('scope', state.scope);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

export const scopeLabels: Record<EventScope, string> = {
  upcoming: '開催予定',
  past: '過去のイベント',
  drafts: '下書き',
};
