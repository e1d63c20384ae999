import { expect, test } from '@playwright/test';
import { demo, login, menuLabels } from './support';

test.use({ viewport: { width: 390, height: 844 } });

test('at 1024 px and below the drawer hides behind the hamburger', async ({ page }) => {
  await login(page, demo.student);
  await expect(page.getByTestId('side-drawer')).toBeHidden();
  const hamburger = page.getByTestId('hamburger');
  await expect(hamburger).toBeVisible();
  await hamburger.click();
  const drawer = page.getByTestId('mobile-drawer');
  expect(await menuLabels(page, 'mobile-drawer')).toEqual([
    'ダッシュボード',
    'カリキュラム一覧',
    '質問ボックス',
    'イベント',
    '設定',
    'ログアウト',
  ]);
  await drawer.getByRole('link', { name: 'カリキュラム一覧' }).click();
  await expect(page).toHaveURL('/curriculums');
  await expect(drawer).toBeHidden(); // closes on route change
});

test('exactly 1024 px wide still uses the hamburger', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await login(page, demo.admin);
  await expect(page.getByTestId('hamburger')).toBeVisible();
  await expect(page.getByTestId('side-drawer')).toBeHidden();
  await page.setViewportSize({ width: 1025, height: 768 });
  await expect(page.getByTestId('side-drawer')).toBeVisible();
  await expect(page.getByTestId('hamburger')).toBeHidden();
});
