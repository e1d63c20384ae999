import type { Account, Role } from './api-types';

export const MENTOR_ROLES: readonly Role[] = ['basic_mentor', 'advanced_mentor', 'spot_advanced_mentor'];

export const isAdmin = (role: Role): boolean => role === 'admin';
export const isMentor = (role: Role): boolean => MENTOR_ROLES.includes(role);
// spot_advanced_mentor counts as an advanced mentor (spec §1).
export const isAdvancedMentor = (role: Role): boolean => role === 'advanced_mentor' || role === 'spot_advanced_mentor';
export const isAdminOrMentor = (role: Role): boolean => isAdmin(role) || isMentor(role);

export const U29_COURSE_CODE = 'u29';

export function isU29Student(account: Pick<Account, 'role' | 'course'>): boolean {
  return account.role === 'student' && account.course?.code === U29_COURSE_CODE;
}

// Events (menu item, /events, the unread badge): admins, students outside U29, graduates.
export function canSeeEvents(account: Pick<Account, 'role' | 'course'>): boolean {
  return (
    account.role === 'admin' || account.role === 'graduate' || (account.role === 'student' && !isU29Student(account))
  );
}

// The unread-event count is fetched only for students (outside U29) and graduates (spec §6).
export function hasEventBadge(account: Pick<Account, 'role' | 'course'>): boolean {
  return canSeeEvents(account) && account.role !== 'admin';
}

// Each role's home, where `/` sends it.
export function homePath(role: Role): string {
  switch (role) {
    case 'admin':
      return '/dashboards';
    case 'student':
      return '/mypage';
    case 'trial':
      return '/curriculums';
    case 'graduate':
      return '/events';
    default:
      return '/students';
  }
}

// Navigation title: 'Railsキャリアコース' for students and graduates, otherwise 'ポテパンキャンプ'.
export function navigationTitle(role: Role): string {
  return role === 'student' || role === 'graduate' ? 'Railsキャリアコース' : 'ポテパンキャンプ';
}
