import { expect, test } from '@playwright/test';
import { seriousViolations } from './layout-checks';
import { demo, login } from './support';

// Every page of every role is scanned by layout-sweep.spec.ts; these are the states it does not
// open (the settings dialog) and a quick first signal for the login page and the frame.
test('login page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'ログイン' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the logged-in frame has no serious accessibility violations', async ({ page }) => {
  await login(page, demo.admin);
  await expect(page.getByTestId('site-footer')).toContainText('プライバシーポリシー');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the settings dialog has no serious accessibility violations', async ({ page }) => {
  await login(page, demo.admin);
  await page.getByTestId('side-drawer').getByRole('button', { name: '設定' }).click();
  await expect(page.getByRole('dialog', { name: '設定' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
