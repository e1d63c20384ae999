import { describe, expect, it } from 'vitest';
import { readCookie } from './cookie';
import { clearToken, getToken, setToken, TOKEN_KEY } from './auth-token';
import {
  clearPersistedState,
  readAccountState,
  readCourseState,
  writeAccountState,
  writeCourseState,
} from './persisted-state';

describe('token storage', () => {
  it('keeps the JWT as a Bearer value in a cookie and in localStorage', () => {
    setToken('a.b.c');
    expect(TOKEN_KEY).toBe('auth._token.local');
    expect(readCookie(TOKEN_KEY)).toBe('Bearer a.b.c');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('Bearer a.b.c');
    expect(getToken()).toBe('a.b.c');
  });

  it('falls back to localStorage when the cookie is gone', () => {
    localStorage.setItem(TOKEN_KEY, 'Bearer from.storage.only');
    expect(getToken()).toBe('from.storage.only');
  });

  it('clears both', () => {
    setToken('a.b.c');
    clearToken();
    expect(readCookie(TOKEN_KEY)).toBeNull();
    expect(getToken()).toBeNull();
  });
});

describe('persisted account and course state', () => {
  it('logout clears role, course, image url and the active course id', () => {
    writeAccountState({ authenticated: true, role: 'student', course: 'rails_4m', imageUrl: '/uploads/profile/a.png' });
    writeCourseState({ activeCourseId: 3, isAsideContentsOpen: false });
    clearPersistedState();
    expect(readAccountState()).toEqual({ authenticated: false, role: null, course: null, imageUrl: null });
    expect(readCourseState()).toEqual({ activeCourseId: null, isAsideContentsOpen: false });
  });
});
