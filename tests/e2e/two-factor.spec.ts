import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { createStudent, fillLogin, login } from './support';

// Two-factor login in the browser (docs/privacy.md): enrol from the key shown next to the QR
// code, log out, log in again with a code. Codes come from Debian's oathtool.

function totp(secret: string, steps = 0): string {
  const at = Math.floor(Date.now() / 1000) + steps * 30;
  return execFileSync('oathtool', ['--totp', '-b', '-N', `@${at}`, secret], { encoding: 'utf8' }).trim();
}

test('enrol from the QR key, log out, log in with a code', async ({ page }) => {
  const password = 'pass-word-123';
  const { email } = createStudent(password);
  await login(page, email, password);

  await page.getByTestId('side-drawer').getByRole('button', { name: '設定' }).click();
  const dialog = page.getByRole('dialog', { name: '設定' });
  await dialog.getByRole('tab', { name: '二段階認証' }).click();
  await dialog.getByRole('button', { name: '設定を始める' }).click();
  await expect(dialog.getByTestId('two-factor-qr')).toBeVisible();
  const secret = (await dialog.getByTestId('two-factor-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await dialog.getByLabel('確認コード').fill(totp(secret));
  await dialog.getByRole('button', { name: '有効にする' }).click();
  const codes = dialog.getByTestId('two-factor-recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
  await dialog.getByRole('button', { name: '保管しました' }).click();
  await expect(dialog.getByText('二段階認証は有効です。リカバリーコードの残り: 10個')).toBeVisible();
  await dialog.getByRole('button', { name: '閉じる' }).click();

  await page.getByTestId('side-drawer').getByRole('button', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL('/login');

  await fillLogin(page, email, password);
  const code = page.getByLabel('確認コード');
  await expect(code).toBeVisible();
  await code.fill('000000x');
  await page.getByRole('button', { name: '確認' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    '確認コードは6桁の数字、またはリカバリーコード（xxxxx-xxxxx）でご入力ください',
  );
  // The enrolment took this step's code: the next step's is the one left to use.
  await code.fill(totp(secret, 1));
  await page.getByRole('button', { name: '確認' }).click();
  await expect(page.getByTestId('nav-title')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth._token.local'))).toMatch(/^Bearer \S+$/);
});
