// The repository URL rules of the submit form, as the daemon applies them
// (lib/curriculum/repository_url.cpp), so the form shows the server's message before sending:
// required; an http(s) URL with a DNS or IP host, no user info, no backslash, spaces or control
// characters, at most limits.repository_url_max_bytes bytes; not inside the task's source repository once both are in
// canonical form (http = https; host in lower case without `www.`, trailing dot or default port;
// path percent-decoded, dot and empty segments resolved, lower case, `.git` dropped).
import { limits, messages } from '../../lib/messages';
import { trimSpace } from '../../lib/validation';


interface RepositoryAddress {
  host: string;
  segments: string[];
}

// "http://" or "https://" and then a host (not "https:///x").
const PLAIN_HTTP = /^https?:\/\/[^/]/i;
// Bytes a browser reads differently or drops: `\` is `/` to a browser, tabs vanish.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0020\u007f\\]/;
const DNS_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

const lowerAscii = (value: string) => value.replace(/[A-Z]/g, (c) => c.toLowerCase());

// The host as the daemon compares it, or null when it is neither a DNS name of ASCII labels nor
// an IP literal. `authority` is the text as typed: the URL parser would map non-ASCII names.
function canonicalHost(url: URL, authority: string): string | null {
  if (/[^\u0021-\u007e]/.test(authority)) return null;
  let host = url.hostname;
  if (!host.startsWith('[')) {
    if (host.endsWith('.')) host = host.slice(0, -1);
    if (host === '' || host.length > 253 || !host.split('.').every((label) => DNS_LABEL.test(label))) return null;
    if (host.startsWith('www.') && host.indexOf('.', 4) !== -1) host = host.slice(4);
  }
  return url.port === '' || url.port === '80' || url.port === '443' ? host : `${host}:${url.port}`;
}

// The path's %XX as bytes (UTF-8 text); null for %00, which the daemon refuses.
function percentDecoded(path: string): string | null {
  const bytes: number[] = [];
  for (let i = 0; i < path.length; i++) {
    const hex = path.slice(i + 1, i + 3);
    if (path[i] === '%' && /^[0-9a-f]{2}$/i.test(hex)) {
      const byte = parseInt(hex, 16);
      if (byte === 0) return null;
      bytes.push(byte);
      i += 2;
    } else bytes.push(path.charCodeAt(i)); // a pathname is ASCII: the parser encodes the rest
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

function canonicalSegments(path: string): string[] {
  const out: string[] = [];
  for (const raw of path.split('/')) {
    let segment = lowerAscii(raw);
    while (segment.endsWith('.git')) segment = segment.slice(0, -4);
    if (segment === '..') out.pop();
    else if (segment !== '' && segment !== '.') out.push(segment);
  }
  return out;
}

/** The canonical address of a repository URL, or null when the daemon refuses the URL. */
export function parseRepositoryUrl(raw: string): RepositoryAddress | null {
  const text = trimSpace(raw);
  if (new TextEncoder().encode(text).length > limits.repository_url_max_bytes) return null;
  if (UNSAFE.test(text) || !PLAIN_HTTP.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '') return null;
  const rest = text.slice(text.indexOf('//') + 2);
  const end = rest.search(/[/?#]/);
  const host = canonicalHost(url, end === -1 ? rest : rest.slice(0, end));
  const path = percentDecoded(url.pathname);
  if (host === null || path === null) return null;
  return { host, segments: canonicalSegments(path) };
}

/** 'URLは必須です' / '不正なURLです', or null for a well-formed repository URL. */
export function repositoryUrlFormatProblem(raw: string): string | null {
  if (trimSpace(raw) === '') return messages.url_required;
  return parseRepositoryUrl(raw) ? null : messages.url_format;
}

/** The comparable form of a repository URL: `github.com/potepan/portfolio-template`. */
export function repositoryKey(raw: string): string {
  const address = parseRepositoryUrl(raw);
  return address ? [address.host, ...address.segments].join('/') : trimSpace(raw);
}

/** The URL leads into the source repository (…/tree/main is still the same repository). */
export function isCloneSource(submitted: string, sourceRepository: string | null): boolean {
  const source = sourceRepository ? parseRepositoryUrl(sourceRepository) : null;
  const address = parseRepositoryUrl(submitted);
  if (!source || !address || source.segments.length === 0 || source.host !== address.host) return false;
  return source.segments.every((segment, i) => address.segments[i] === segment);
}

/** The first rule the URL breaks (the form shows one message at a time), or null. */
export function repositoryUrlProblem(raw: string, sourceRepository: string | null): string | null {
  const format = repositoryUrlFormatProblem(raw);
  if (format) return format;
  return isCloneSource(raw, sourceRepository) ? messages.repository_url_original_source : null;
}
