import path from 'node:path';
import { expect, test } from '@playwright/test';
import { demo, login } from './support';

// Screenshots of the notification centre at a laptop's, a desktop's and a phone's width (the
// demo student's seeded notifications). Saved under CAMP_SCREENSHOT_DIR (docs/screenshots when
// refreshed on purpose), else next to the other test results. Nothing is marked read.
const dir = process.env.CAMP_SCREENSHOT_DIR ?? path.join(__dirname, '../../webui/test-results/screenshots');

for (const width of [1280, 1440, 390]) {
  test(`screenshots of the notification centre at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await login(page, demo.student);
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('current-avatar')).toBeInViewport({ ratio: 1 });

    await bell.click();
    const menu = page.getByTestId('notification-menu');
    await expect(menu.getByTestId('notification-item').first()).toBeVisible();
    await expect(menu.getByRole('button', { name: 'すべての通知を見る' })).toBeInViewport({ ratio: 1 });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: path.join(dir, `notifications-menu-${width}.png`) });
    await page.keyboard.press('Escape');

    await page.goto('/notifications');
    await expect(page.getByTestId('notification-item').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'このタブをすべて既読にする' })).toBeInViewport({ ratio: 1 });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: path.join(dir, `notifications-page-${width}.png`), fullPage: true });

    const drawer = width <= 1024 ? 'mobile-drawer' : 'side-drawer';
    if (width <= 1024) await page.getByTestId('hamburger').click();
    await page.getByTestId(drawer).getByRole('button', { name: '設定' }).click();
    const dialog = page.getByRole('dialog', { name: '設定' });
    await dialog.getByRole('tab', { name: '通知' }).click();
    await expect(dialog.getByRole('button', { name: '保存' })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: path.join(dir, `notifications-settings-${width}.png`) });
  });
}
