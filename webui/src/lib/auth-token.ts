// The JWT lives in a cookie and in localStorage under the spec's keys (prefix `auth.`, token
// prefix `_token.`, path `/`, 30 days, Secure outside development, type Bearer).
import { readCookie, removeCookie, writeCookie } from './cookie';
import { isDevelopment } from './env';

export const TOKEN_KEY = 'auth._token.local';
export const TOKEN_TYPE = 'Bearer';
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

function stripType(value: string | null): string | null {
  if (!value) return null;
  const token = value.startsWith(`${TOKEN_TYPE} `) ? value.slice(TOKEN_TYPE.length + 1) : value;
  return token.length > 0 ? token : null;
}

export function getToken(): string | null {
  const fromCookie = stripType(readCookie(TOKEN_KEY));
  if (fromCookie) return fromCookie;
  try {
    return stripType(localStorage.getItem(TOKEN_KEY));
  } catch {
    return null;
  }
}

export function setToken(jwt: string): void {
  const value = `${TOKEN_TYPE} ${jwt}`;
  writeCookie(TOKEN_KEY, value, { maxAgeSeconds: SESSION_MAX_AGE_SECONDS, secure: !isDevelopment });
  try {
    localStorage.setItem(TOKEN_KEY, value);
  } catch {
    // storage may be unavailable (private mode); the cookie still carries the session
  }
}

export function clearToken(): void {
  removeCookie(TOKEN_KEY);
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // nothing to clear
  }
}

export function authorizationHeader(): string | null {
  const token = getToken();
  return token ? `${TOKEN_TYPE} ${token}` : null;
}
