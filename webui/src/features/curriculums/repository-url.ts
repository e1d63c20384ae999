// The repository URL rules of the submit form, computed exactly as the daemon does
// (lib/curriculum/repository_url.cpp), so the form shows the server's message before sending:
// required; an http(s) URL with a host, at most limits.repository_url_max_bytes bytes, no spaces or control characters;
// not the task's source repository once both are normalised (http = https, host lower-case,
// user info, query and fragment dropped, trailing `/` and `.git` removed, `www.` not special).
import { limits, messages } from '../../lib/messages';

const SPACE = /^[ \t\r\n]+|[ \t\r\n]+$/g;
const SCHEME = /^https?:\/\//i;
const HOST = /^[A-Za-z0-9.\-:[\]]{1,253}$/;

const trim = (value: string) => value.replace(SPACE, '');
// eslint-disable-next-line no-control-regex
const hasControlOrSpace = (value: string) => /[\u0000-\u0020\u007f]/.test(value);

function hostOf(rest: string): string {
  const end = rest.search(/[/?#]/);
  const host = end === -1 ? rest : rest.slice(0, end);
  return host.slice(host.lastIndexOf('@') + 1);
}

/** 'URLは必須です' / '不正なURLです', or null for a well-formed repository URL. */
export function repositoryUrlFormatProblem(raw: string): string | null {
  const url = trim(raw);
  if (url === '') return messages.url_required;
  if (new TextEncoder().encode(url).length > limits.repository_url_max_bytes) return messages.url_format;
  if (hasControlOrSpace(url) || !SCHEME.test(url)) return messages.url_format;
  const host = hostOf(url.replace(SCHEME, ''));
  if (!HOST.test(host) || host.startsWith('.') || host.startsWith(':')) return messages.url_format;
  return null;
}

/** The comparable form of a repository URL: `github.com/potepan/portfolio-template`. */
export function repositoryKey(raw: string): string {
  let rest = trim(raw).replace(SCHEME, '');
  const cut = rest.search(/[?#]/);
  if (cut !== -1) rest = rest.slice(0, cut);
  const slash = rest.indexOf('/');
  const host = hostOf((slash === -1 ? rest : rest.slice(0, slash)).toLowerCase());
  let path = slash === -1 ? '' : rest.slice(slash);
  for (let changed = true; changed;) {
    changed = false;
    while (path.endsWith('/')) {
      path = path.slice(0, -1);
      changed = true;
    }
    if (path.toLowerCase().endsWith('.git')) {
      path = path.slice(0, -4);
      changed = true;
    }
  }
  return host + path;
}

export function isCloneSource(submitted: string, sourceRepository: string | null): boolean {
  if (!sourceRepository) return false;
  return repositoryKey(submitted) === repositoryKey(sourceRepository);
}

/** The first rule the URL breaks (the form shows one message at a time), or null. */
export function repositoryUrlProblem(raw: string, sourceRepository: string | null): string | null {
  const format = repositoryUrlFormatProblem(raw);
  if (format) return format;
  return isCloneSource(raw, sourceRepository) ? messages.repository_url_original_source : null;
}
