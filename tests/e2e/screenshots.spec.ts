import path from 'node:path';
import { expect, test } from '@playwright/test';
import { demo, login } from './support';

// Screenshots for the README of what the layout sweep does not picture (the login page, the
// phone's menu). Saved under CAMP_SCREENSHOT_DIR (docs/screenshots through scripts/screenshots),
// else next to the other test results.
const dir = process.env.CAMP_SCREENSHOT_DIR ?? path.join(__dirname, '../../webui/test-results/screenshots');

test('screenshot of /login', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(dir, 'login.png') });
});

test('screenshot of the hamburger menu on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, demo.student);
  await page.getByTestId('hamburger').click();
  await expect(page.getByTestId('mobile-drawer').getByRole('link', { name: 'イベント' })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(dir, 'frame-mobile-menu.png') });
});
