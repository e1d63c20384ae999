// The admin screen's state in the query string: ?kind=&state=&q=&page= (defaults:
// pre-curriculum, owed, no search, page 1), so a reload or a shared link shows the same list.
import type { StatusState } from './api/get-status';
import { isQuestionnaireKind, type QuestionnaireKind } from './kinds';

export interface AdminState {
  kind: QuestionnaireKind;
  state: StatusState;
  q: string;
  page: number;
}

const states: readonly StatusState[] = ['owed', 'answered', 'all'];

export const stateLabels: Record<StatusState, string> = { owed: '未回答', answered: '回答済み', all: 'すべて' };

export function parseAdminState(params: URLSearchParams): AdminState {
  const kind = params.get('kind') ?? '';
  const state = params.get('state') ?? '';
  const page = Number(params.get('page'));
  return {
    kind: isQuestionnaireKind(kind) ? kind : 'pre-curriculum',
    state: (states as readonly string[]).includes(state) ? (state as StatusState) : 'owed',
    q: (params.get('q') ?? '').slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

export function toAdminParams(state: AdminState): Record<string, string> {
  const out: Record<string, string> = { kind: state.kind, state: state.state };
  if (state.q) out.q = state.q;
  if (state.page > 1) out.page = String(state.page);
  return out;
}
