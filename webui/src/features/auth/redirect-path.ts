// Where to go after login. Only an in-site path is restored: it starts with exactly one '/',
// and holds letters, digits, '@ - % _ ~' and '/' only (spec §5). Percent-encoded forms are
// decoded (repeatedly) and must stay harmless, so '/%2F%2Fevil.example' or '/%5Cevil' fail.
const ALLOWED = /^\/[A-Za-z0-9@\-%_~/]*$/;
const MAX_LENGTH = 2048;
const MAX_DECODE_ROUNDS = 5;

function decodedForms(path: string): string[] | null {
  const forms = [path];
  let current = path;
  for (let i = 0; i < MAX_DECODE_ROUNDS; i += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null; // malformed escape
    }
    if (next === current) return forms;
    forms.push(next);
    current = next;
  }
  return null; // still changing after many rounds: refuse
}

function harmless(form: string): boolean {
  if (!form.startsWith('/')) return false;
  if (form.startsWith('//')) return false;
  if (form.includes('\\')) return false;
  // control characters, whitespace and scheme separators never belong in our paths
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return !/[\u0000-\u0020\u007f:]/.test(form);
}

export function isSafeRedirectPath(path: unknown): path is string {
  if (typeof path !== 'string' || path.length === 0 || path.length > MAX_LENGTH) return false;
  if (!ALLOWED.test(path) || path.startsWith('//')) return false;
  const forms = decodedForms(path);
  return forms !== null && forms.every(harmless);
}

export const REDIRECT_PARAM = 'redirect';

// Login URL for an unauthenticated visitor who asked for `path`.
export function loginPathFor(path: string | null): string {
  const params = new URLSearchParams({ authorized: 'false' });
  if (path && path !== '/' && isSafeRedirectPath(path)) params.set(REDIRECT_PARAM, path);
  return `/login?${params.toString()}`;
}

// Where a successful login lands: the remembered path when safe, otherwise '/'.
export function afterLoginPath(search: URLSearchParams): string {
  const wanted = search.get(REDIRECT_PARAM);
  return isSafeRedirectPath(wanted) ? wanted : '/';
}
