import { describe, expect, it } from 'vitest';
import { afterLoginPath, isSafeRedirectPath, loginPathFor } from './redirect-path';

describe('isSafeRedirectPath', () => {
  it.each([
    '/students',
    '/students/12',
    '/curriculums/ruby-basic',
    '/mypage',
    '/',
    '/events/',
    '/a_b~c@d-e',
    '/%E3%81%82',
  ])('accepts the in-site path %s', (path) => expect(isSafeRedirectPath(path)).toBe(true));

  it.each([
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/students'],
    ['backslash', '/\\evil'],
    ['backslash prefix', '\\\\evil.example'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['javascript with slash', '/javascript:alert(1)'],
    ['absolute URL', 'https://evil.example/'],
    ['encoded double slash', '%2F%2Fevil.example'],
    ['encoded double slash after slash', '/%2F%2Fevil.example'],
    ['encoded slash after slash', '/%2Fevil.example'],
    ['encoded backslash', '/%5Cevil'],
    ['double-encoded slashes', '/%252F%252Fevil.example'],
    ['double-encoded backslash', '/%255Cevil'],
    ['encoded javascript scheme', 'javascript%3Aalert(1)'],
    ['encoded colon in path', '/javascript%3Aalert(1)'],
    ['encoded newline', '/students%0A'],
    ['encoded tab', '/%09/evil.example'],
    ['malformed escape', '/%E0%A4%A'],
    ['query string', '/students?page=2'],
    ['fragment', '/students#x'],
    ['dot segments', '/../etc/passwd'],
    ['leading space', ' /students'],
    ['empty', ''],
    ['relative', 'students'],
  ])('refuses %s (%s)', (_name, path) => expect(isSafeRedirectPath(path)).toBe(false));

  it('refuses non-strings and very long paths', () => {
    expect(isSafeRedirectPath(null)).toBe(false);
    expect(isSafeRedirectPath(undefined)).toBe(false);
    expect(isSafeRedirectPath(42)).toBe(false);
    expect(isSafeRedirectPath(`/${'a'.repeat(3000)}`)).toBe(false);
  });
});

describe('loginPathFor / afterLoginPath', () => {
  it('remembers a safe deep link next to authorized=false', () => {
    expect(loginPathFor('/students')).toBe('/login?authorized=false&redirect=%2Fstudents');
  });

  it('drops unsafe or trivial paths', () => {
    expect(loginPathFor('//evil.example')).toBe('/login?authorized=false');
    expect(loginPathFor('/')).toBe('/login?authorized=false');
    expect(loginPathFor(null)).toBe('/login?authorized=false');
  });

  it('restores only safe paths after login', () => {
    expect(afterLoginPath(new URLSearchParams('redirect=%2Fstudents'))).toBe('/students');
    expect(afterLoginPath(new URLSearchParams('redirect=%2F%2Fevil.example'))).toBe('/');
    expect(afterLoginPath(new URLSearchParams('redirect=javascript%3Aalert(1)'))).toBe('/');
    expect(afterLoginPath(new URLSearchParams('redirect=%2F%255Cevil'))).toBe('/');
    expect(afterLoginPath(new URLSearchParams(''))).toBe('/');
  });
});
