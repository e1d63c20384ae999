// Route loaders enforcing the guards. The account comes from TanStack Query's cache, so the
// guards of nested routes share one GET /api/v1/accounts/me.
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../lib/api-client';
import type { Account } from '../lib/api-types';
import { getToken } from '../lib/auth-token';
import { endLocalSession, rememberAccount } from '../lib/session';
import { meQueryOptions } from '../features/accounts/api/get-me';
import { loginPathFor } from '../features/auth/redirect-path';
import { decideAccess, decideGuestOnly, decideIndex, type Decision, type Rule } from './access';
import { queryClient } from './query-client';

function enforce(decision: Decision): void {
  if (decision.kind === 'redirect') throw redirect(decision.to);
  if (decision.kind === 'notFound') throw data('Not Found', { status: 404 });
}

export async function loadAccount(pathname: string): Promise<Account | null> {
  if (!getToken()) return null;
  try {
    const account = await queryClient.ensureQueryData(meQueryOptions());
    rememberAccount(account);
    return account;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      // A 401 from the account check logs the user out.
      endLocalSession();
      queryClient.clear();
      throw redirect(loginPathFor(pathname));
    }
    const status = error instanceof ApiError ? error.status : 500;
    throw data(null, { status });
  }
}

export function guard(rule: Rule) {
  return async ({ request }: LoaderFunctionArgs): Promise<Account> => {
    const { pathname } = new URL(request.url);
    const account = await loadAccount(pathname);
    enforce(decideAccess(account, pathname, rule));
    return account as Account;
  };
}

export async function indexLoader(args: LoaderFunctionArgs): Promise<null> {
  const account = await guard('login')(args);
  enforce(decideIndex(account));
  return null;
}

// The two-factor enrolment page: any logged-in account (it is where a required role is sent).
export async function twoFactorSetupLoader({ request }: LoaderFunctionArgs): Promise<Account> {
  const { pathname } = new URL(request.url);
  const account = await loadAccount(pathname);
  if (!account) throw redirect(loginPathFor(pathname));
  return account;
}

export function guestOnlyLoader(): null {
  enforce(decideGuestOnly(getToken() !== null));
  return null;
}
