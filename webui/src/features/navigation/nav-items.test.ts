import { describe, expect, it } from 'vitest';
import type { Role } from '../../lib/api-types';
import { navigationTitle } from '../../lib/roles';
import { navItems, navLabels } from './nav-items';

// The spec's table (§2), role by role.
const expected: [string, Role, string | null, string[]][] = [
  [
    'admin',
    'admin',
    null,
    ['ダッシュボード', '受講生管理', 'カリキュラム一覧', 'レビュー', '質問ボックス', 'イベント', '設定', 'ログアウト'],
  ],
  [
    'basic mentor',
    'basic_mentor',
    null,
    ['受講生管理', 'カリキュラム一覧', 'レビュー', '質問ボックス', '設定', 'ログアウト'],
  ],
  [
    'advanced mentor',
    'advanced_mentor',
    null,
    ['受講生管理', 'カリキュラム一覧', 'レビュー', '質問ボックス', '設定', 'ログアウト'],
  ],
  [
    'spot advanced mentor',
    'spot_advanced_mentor',
    null,
    ['受講生管理', 'カリキュラム一覧', 'レビュー', '質問ボックス', '設定', 'ログアウト'],
  ],
  [
    'student (4 months)',
    'student',
    'rails_4m',
    ['ダッシュボード', 'カリキュラム一覧', '質問ボックス', 'イベント', '設定', 'ログアウト'],
  ],
  [
    'student (5 months)',
    'student',
    'rails_5m',
    ['ダッシュボード', 'カリキュラム一覧', '質問ボックス', 'イベント', '設定', 'ログアウト'],
  ],
  ['U29 student', 'student', 'u29', ['ダッシュボード', 'カリキュラム一覧', '質問ボックス', '設定', 'ログアウト']],
  ['graduate', 'graduate', 'rails_4m', ['イベント', '設定', 'ログアウト']],
  ['trial', 'trial', null, ['カリキュラム一覧', '質問ボックス', 'ログアウト']],
];

describe('navigation visibility', () => {
  it.each(expected)('%s sees exactly the spec menu', (_name, role, course, labels) => {
    expect(navLabels(role, course)).toEqual(labels);
  });

  it('links the student dashboard to /mypage and the admin one to /dashboards', () => {
    const student = navItems({ role: 'student', course: null });
    const admin = navItems({ role: 'admin', course: null });
    expect(student.find((i) => i.label === 'ダッシュボード')?.to).toBe('/mypage');
    expect(admin.find((i) => i.label === 'ダッシュボード')?.to).toBe('/dashboards');
  });

  it('settings and logout are actions, not links', () => {
    const items = navItems({ role: 'admin', course: null });
    expect(items.filter((i) => !i.to).map((i) => i.key)).toEqual(['settings', 'logout']);
  });

  it.each([
    ['admin', 'ポテパンキャンプ'],
    ['basic_mentor', 'ポテパンキャンプ'],
    ['advanced_mentor', 'ポテパンキャンプ'],
    ['spot_advanced_mentor', 'ポテパンキャンプ'],
    ['trial', 'ポテパンキャンプ'],
    ['student', 'Railsキャリアコース'],
    ['graduate', 'Railsキャリアコース'],
  ] as [Role, string][])('title for %s is %s', (role, title) => {
    expect(navigationTitle(role)).toBe(title);
  });
});
