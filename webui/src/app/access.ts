// Pure access decisions (spec §4, §6). Loaders in guards.ts turn them into redirects and 404s.
import type { Account, Me } from '../lib/api-types';
import { canSeeEvents, homePath, isAdmin, isAdminOrMentor } from '../lib/roles';
import { loginPathFor } from '../features/auth/redirect-path';

export type Rule = 'login' | 'admin' | 'adminOrMentor' | 'events' | 'questionnaire';

export type Decision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'notFound' };

const allow: Decision = { kind: 'allow' };

// A graduate can only see /events; everything else sends them there.
export const GRADUATE_PATH = '/events';

// Except the subsidy questionnaires: the post-job-change and follow-up ones are a graduate's.
export const QUESTIONNAIRE_PREFIX = '/subsidy/questionnaire/';

// Where an account whose role requires two-factor login and that has none yet is sent: the API
// answers it nothing else until it has enrolled (docs/privacy.md).
export const TWO_FACTOR_SETUP_PATH = '/two-factor/setup';

/** GET /api/v1/accounts/me's account; the two-factor flags are absent from older cached shapes. */
export type Viewer = Account & Partial<Pick<Me, 'two_factor_required' | 'two_factor_enabled'>>;

export const mustEnrolTwoFactor = (account: Viewer): boolean =>
  account.two_factor_required === true && account.two_factor_enabled === false;

export function decideAccess(account: Viewer | null, pathname: string, rule: Rule): Decision {
  if (!account) return { kind: 'redirect', to: loginPathFor(pathname) };
  if (mustEnrolTwoFactor(account)) return { kind: 'redirect', to: TWO_FACTOR_SETUP_PATH };
  if (account.role === 'graduate' && pathname !== GRADUATE_PATH && !pathname.startsWith(QUESTIONNAIRE_PREFIX)) {
    return { kind: 'redirect', to: GRADUATE_PATH };
  }
  if (rule === 'admin' && !isAdmin(account.role)) return { kind: 'notFound' };
  if (rule === 'adminOrMentor' && !isAdminOrMentor(account.role)) return { kind: 'notFound' };
  if (rule === 'events' && !canSeeEvents(account)) return { kind: 'notFound' };
  // Students and graduates answer; an admin reads one student's answer (…/{id}).
  if (rule === 'questionnaire' && !['student', 'graduate', 'admin'].includes(account.role)) return { kind: 'notFound' };
  return allow;
}

// Guest-only pages (login): a visitor holding a session goes to '/'.
export function decideGuestOnly(hasSession: boolean): Decision {
  return hasSession ? { kind: 'redirect', to: '/' } : allow;
}

export function decideIndex(account: Viewer): Decision {
  if (mustEnrolTwoFactor(account)) return { kind: 'redirect', to: TWO_FACTOR_SETUP_PATH };
  return { kind: 'redirect', to: homePath(account.role) };
}
