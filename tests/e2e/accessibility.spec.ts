import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demo, login } from './support';

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

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
