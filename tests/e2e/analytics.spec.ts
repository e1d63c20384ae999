import { expect, test } from '@playwright/test';

test('/ga explains the measurement and stores the opt-out in the browser', async ({ page }) => {
  await page.goto('/ga');
  await expect(page.getByRole('heading', { level: 1, name: 'アクセス解析について' })).toBeVisible();
  await expect(page).toHaveTitle('アクセス解析について | camp management site');
  const toggle = page.getByRole('switch', { name: 'アクセス解析を許可する' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(page.getByText('アクセス解析の設定を保存しました')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('camp.analytics-consent'))).toBe('denied');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'アクセス解析を許可する' })).not.toBeChecked();
  await expect(page.getByTestId('consent-state')).toContainText('許可していません');
});
