import { expect, test } from '@playwright/test';
import { demo, fillLogin, login } from './support';

const notFound = 'This page could not be found';

test('unknown pages show 404', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByTestId('error-status')).toHaveText('404');
  await expect(page.getByText(notFound)).toBeVisible();
});

test('student on an admin-only page sees 404', async ({ page }) => {
  await login(page, demo.student);
  await page.goto('/dashboards');
  await expect(page.getByText(notFound)).toBeVisible();
  await expect(page.getByTestId('error-status')).toHaveText('404');
});

test('trial on an admin-or-mentor page sees 404', async ({ page }) => {
  await login(page, demo.trial);
  await page.goto('/students');
  await expect(page.getByText(notFound)).toBeVisible();
});

test('mentor on an admin-only page sees 404', async ({ page }) => {
  await login(page, demo.basicMentor);
  await page.goto('/dashboards');
  await expect(page.getByText(notFound)).toBeVisible();
});

test('route parameters failing validation are a 404', async ({ page }) => {
  await login(page, demo.admin);
  await page.goto('/students/abc');
  await expect(page.getByText(notFound)).toBeVisible();
});

test('a graduate is forced to /events', async ({ page }) => {
  await login(page, demo.graduate);
  await page.goto('/mypage');
  await expect(page).toHaveURL('/events');
  await page.goto('/curriculums');
  await expect(page).toHaveURL('/events');
});

test('unauthenticated deep link → login → back to the deep link', async ({ page }) => {
  await page.goto('/students');
  await expect(page).toHaveURL('/login?authorized=false&redirect=%2Fstudents');
  await expect(page.getByText('ログインしてください')).toBeVisible();
  await fillLogin(page, demo.advancedMentor);
  await expect(page).toHaveURL('/students');
  await expect(page.getByRole('heading', { level: 1, name: '受講生管理' })).toBeVisible();
});

test('an unsafe redirect is not followed after login', async ({ page }) => {
  await page.goto('/login?authorized=false&redirect=%2F%2Fevil.example');
  await fillLogin(page, demo.admin);
  await expect(page).toHaveURL('/dashboards');
});

test('a logged-in user on /login is sent to /', async ({ page }) => {
  await login(page, demo.student);
  await page.goto('/login');
  await expect(page).toHaveURL('/mypage');
});

test('login validation messages', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('ログイン | camp management site');
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page.getByText('メールアドレスは必須です')).toBeVisible();
  await expect(page.getByText('パスワードは必須です')).toBeVisible();
  await page.getByLabel('メールアドレス').fill('not-an-address');
  await page.getByLabel('パスワード').fill('short');
  await expect(page.getByText('不正なメールアドレスです')).toBeVisible();
  await expect(page.getByText('パスワードは8文字以上でご入力ください')).toBeVisible();
  await page.getByLabel('パスワード').fill('x'.repeat(17));
  await expect(page.getByText('パスワードは16文字以下でご入力ください')).toBeVisible();
});

test('wrong credentials are refused', async ({ page }) => {
  await page.goto('/login');
  // an address nobody owns: the demo accounts never collect failed attempts
  await fillLogin(page, `nobody-${Date.now()}@example.com`, 'wrong-pass-1');
  await expect(page.getByRole('alert')).toHaveText('メールアドレスまたはパスワードが正しくありません');
  await expect(page).toHaveURL('/login');
});
