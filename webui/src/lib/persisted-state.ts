// Client state that survives reloads for 30 days (spec §9): the account summary (role, course,
// image url) and the curriculum state (active course id, aside open flag).
import { readCookie, removeCookie, writeCookie } from './cookie';
import { SESSION_MAX_AGE_SECONDS } from './auth-token';
import { isDevelopment } from './env';

export interface AccountState {
  authenticated: boolean;
  role: string | null;
  course: string | null;
  imageUrl: string | null;
}

export interface CourseState {
  activeCourseId: number | null;
  isAsideContentsOpen: boolean;
}

const ACCOUNT_KEY = 'camp.account';
const COURSE_KEY = 'camp.course';

export const emptyAccountState: AccountState = { authenticated: false, role: null, course: null, imageUrl: null };
export const defaultCourseState: CourseState = { activeCourseId: null, isAsideContentsOpen: true };

function read<T>(key: string, fallback: T): T {
  const raw = readCookie(key);
  if (!raw) return fallback;
  try {
    return { ...fallback, ...(JSON.parse(raw) as Partial<T>) };
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown): void {
  writeCookie(key, JSON.stringify(value), { maxAgeSeconds: SESSION_MAX_AGE_SECONDS, secure: !isDevelopment });
}

export const readAccountState = (): AccountState => read(ACCOUNT_KEY, emptyAccountState);
export const writeAccountState = (state: AccountState): void => write(ACCOUNT_KEY, state);
export const readCourseState = (): CourseState => read(COURSE_KEY, defaultCourseState);
export const writeCourseState = (state: CourseState): void => write(COURSE_KEY, state);

// Logout: role, course, image url and active course id are cleared, authenticated = false.
export function clearPersistedState(): void {
  removeCookie(ACCOUNT_KEY);
  writeCourseState({ ...readCourseState(), activeCourseId: null });
}
