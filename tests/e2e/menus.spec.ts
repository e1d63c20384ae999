import { expect, test } from '@playwright/test';
import { demo, login, menuLabels } from './support';

// Every demo role: its home, its title and exactly the spec's menu (§2).
const cases = [
  {
    who: 'admin',
    email: demo.admin,
    home: '/dashboards',
    title: 'ポテパンキャンプ',
    menu: [
      'ダッシュボード',
      '受講生管理',
      'カリキュラム一覧',
      'レビュー',
      '質問ボックス',
      'イベント',
      '設定',
      'ログアウト',
    ],
  },
  {
    who: 'basic mentor',
    email: demo.basicMentor,
    home: '/students',
    title: 'ポテパンキャンプ',
    menu: ['受講生管理', 'カリキュラム一覧', 'レビュー', '質問ボックス', '設定', 'ログアウト'],
  },
  {
    who: 'advanced mentor',
    email: demo.advancedMentor,
    home: '/students',
    title: 'ポテパンキャンプ',
    menu: ['受講生管理', 'カリキュラム一覧', 'レビュー', '質問ボックス', '設定', 'ログアウト'],
  },
  {
    who: 'spot advanced mentor',
    email: demo.spotMentor,
    home: '/students',
    title: 'ポテパンキャンプ',
    menu: ['受講生管理', 'カリキュラム一覧', 'レビュー', '質問ボックス', '設定', 'ログアウト'],
  },
  {
    who: 'student',
    email: demo.student,
    home: '/mypage',
    title: 'Railsキャリアコース',
    menu: ['ダッシュボード', 'カリキュラム一覧', '質問ボックス', 'イベント', '設定', 'ログアウト'],
  },
  {
    who: 'U29 student',
    email: demo.u29,
    home: '/mypage',
    title: 'Railsキャリアコース',
    menu: ['ダッシュボード', 'カリキュラム一覧', '質問ボックス', '設定', 'ログアウト'],
  },
  {
    who: 'graduate',
    email: demo.graduate,
    home: '/events',
    title: 'Railsキャリアコース',
    menu: ['イベント', '設定', 'ログアウト'],
  },
  {
    who: 'trial',
    email: demo.trial,
    home: '/curriculums',
    title: 'ポテパンキャンプ',
    menu: ['カリキュラム一覧', '質問ボックス', 'ログアウト'],
  },
];

for (const c of cases) {
  test(`${c.who} lands on ${c.home} with the spec menu`, async ({ page }) => {
    await login(page, c.email);
    await expect(page).toHaveURL(c.home);
    await expect(page.getByTestId('nav-title')).toHaveText(c.title);
    expect(await menuLabels(page)).toEqual(c.menu);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/ \| camp management site$/);
  });
}

test('the logo links to the index, which sends the user home', async ({ page }) => {
  await login(page, demo.trial);
  await page.getByRole('link', { name: 'カリキュラム一覧' }).click();
  await page.getByRole('link', { name: 'トップへ' }).click();
  await expect(page).toHaveURL('/curriculums');
});
