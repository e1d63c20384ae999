// Pure access decisions (spec §4, §6). Loaders in guards.ts turn them into redirects and 404s.
import type { Account } from '../lib/api-types';
import { canSeeEvents, homePath, isAdmin, isAdminOrMentor } from '../lib/roles';
import { loginPathFor } from '../features/auth/redirect-path';

export type Rule = 'login' | 'admin' | 'adminOrMentor' | 'events';

export type Decision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'notFound' };

const allow: Decision = { kind: 'allow' };

// A graduate can only see /events; everything else sends them there.
export const GRADUATE_PATH = '/events';

export function decideAccess(account: Account | null, pathname: string, rule: Rule): Decision {
  if (!account) return { kind: 'redirect', to: loginPathFor(pathname) };
  if (account.role === 'graduate' && pathname !== GRADUATE_PATH) {
    return { kind: 'redirect', to: GRADUATE_PATH };
  }
  if (rule === 'admin' && !isAdmin(account.role)) return { kind: 'notFound' };
  if (rule === 'adminOrMentor' && !isAdminOrMentor(account.role)) return { kind: 'notFound' };
  if (rule === 'events' && !canSeeEvents(account)) return { kind: 'notFound' };
  return allow;
}

// Guest-only pages (login): a visitor holding a session goes to '/'.
export function decideGuestOnly(hasSession: boolean): Decision {
  return hasSession ? { kind: 'redirect', to: '/' } : allow;
}

export function decideIndex(account: Account): Decision {
  return { kind: 'redirect', to: homePath(account.role) };
}
