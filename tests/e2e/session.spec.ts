import { expect, test } from '@playwright/test';
import { demo, login } from './support';

test('logout shows the snackbar, goes to /login and ends the session', async ({ page }) => {
  await login(page, demo.student);
  const token = await page.evaluate(() => localStorage.getItem('auth._token.local'));
  expect(token).toMatch(/^Bearer \S+$/);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'auth._token.local')?.path).toBe('/');

  await page.getByTestId('side-drawer').getByRole('button', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByText('ログアウトしました。')).toBeVisible();
  // the snackbar sits at the bottom-left
  const box = await page.getByRole('status').filter({ hasText: 'ログアウトしました。' }).boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.x < viewport.width / 3 && box.y + box.height > viewport.height * 0.75).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('auth._token.local'))).toBeNull();

  // the old token is dead on the server too
  const status = await page.evaluate(async (bearer) => {
    const r = await fetch('/api/v1/accounts/me', {
      headers: { Authorization: bearer ?? '' },
    });
    return r.status;
  }, token);
  expect(status).toBe(401);

  await page.goto('/mypage');
  await expect(page).toHaveURL('/login?authorized=false&redirect=%2Fmypage');
});

test('a revoked token (401 from the account check) logs the user out', async ({ page }) => {
  await login(page, demo.student);
  await page.evaluate(async () => {
    const bearer = localStorage.getItem('auth._token.local') ?? '';
    await fetch('/api/v1/account_token', {
      method: 'DELETE',
      headers: { Authorization: bearer },
    });
  });
  await page.goto('/curriculums');
  await expect(page).toHaveURL('/login?authorized=false&redirect=%2Fcurriculums');
  expect(await page.evaluate(() => localStorage.getItem('auth._token.local'))).toBeNull();
});

test('the footer links open the site policy pages in a new tab', async ({ page }) => {
  await login(page, demo.admin);
  const footer = page.getByTestId('site-footer');
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  for (const name of ['プライバシーポリシー', '利用規約']) {
    const link = footer.getByRole('link', { name });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', /^https?:\/\//);
  }
});
