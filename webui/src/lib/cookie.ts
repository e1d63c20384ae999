// Minimal document.cookie access. Values are URI-encoded; path is always '/'.
export interface CookieOptions {
  maxAgeSeconds?: number;
  secure?: boolean;
}

export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      const raw = item.slice(prefix.length);
      if (raw === '') return null; // an expired cookie may linger with an empty value
      try {
        return decodeURIComponent(raw);
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined) parts.push(`max-age=${options.maxAgeSeconds}`);
  if (options.secure) parts.push('Secure');
  document.cookie = parts.join('; ');
}

// Expires the cookie whether it was written with Secure or without.
export function removeCookie(name: string): void {
  const base = `${encodeURIComponent(name)}=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
  document.cookie = `${base}; Secure`;
  document.cookie = base;
}
