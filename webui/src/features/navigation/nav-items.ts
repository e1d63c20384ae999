// Navigation per the spec's table (§2). Pure: the account decides which items exist.
import type { Account, Role } from '../../lib/api-types';
import { canSeeEvents, isAdmin, isAdminOrMentor } from '../../lib/roles';

export type NavKey =
  'dashboards' | 'mypage' | 'students' | 'curriculums' | 'reviews' | 'questions' | 'events' | 'settings' | 'logout';

export interface NavItem {
  key: NavKey;
  label: string;
  to?: string; // links; settings and logout are actions
}

type Who = Pick<Account, 'role' | 'course'>;

const table: { item: NavItem; visible: (who: Who) => boolean }[] = [
  { item: { key: 'dashboards', label: 'ダッシュボード', to: '/dashboards' }, visible: (w) => isAdmin(w.role) },
  { item: { key: 'mypage', label: 'ダッシュボード', to: '/mypage' }, visible: (w) => w.role === 'student' },
  { item: { key: 'students', label: '受講生管理', to: '/students' }, visible: (w) => isAdminOrMentor(w.role) },
  {
    item: { key: 'curriculums', label: 'カリキュラム一覧', to: '/curriculums' },
    visible: (w) => isAdminOrMentor(w.role) || w.role === 'trial' || w.role === 'student',
  },
  { item: { key: 'reviews', label: 'レビュー', to: '/reviews' }, visible: (w) => isAdminOrMentor(w.role) },
  { item: { key: 'questions', label: '質問ボックス', to: '/questions' }, visible: (w) => w.role !== 'graduate' },
  { item: { key: 'events', label: 'イベント', to: '/events' }, visible: canSeeEvents },
  { item: { key: 'settings', label: '設定' }, visible: (w) => w.role !== 'trial' },
  { item: { key: 'logout', label: 'ログアウト' }, visible: () => true },
];

export function navItems(who: Who): NavItem[] {
  return table.filter((row) => row.visible(who)).map((row) => row.item);
}

export function navLabels(role: Role, courseCode: string | null = null): string[] {
  const course = courseCode ? { code: courseCode, name: '', months: 0 } : null;
  return navItems({ role, course }).map((i) => i.label);
}
