import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { linkPath } from './mailbox';

function camp(...args: string[]): string {
  const bin = process.env.CAMP_BIN;
  if (!bin) throw new Error('CAMP_BIN must point at the camp CLI');
  return execFileSync(bin, args, { env: process.env, encoding: 'utf8' });
}

// Invited with `camp accounts invite`, like an operator would.
function invite(nickname: string): string {
  const email = `e2e-invite-${randomBytes(6).toString('hex')}@example.com`;
  camp('accounts', 'invite', '--email', email, '--role', 'student', '--course', 'rails_4m', '--nickname', nickname);
  return email;
}

const INVALID = 'この招待リンクは無効です。すでに登録済みか、新しい招待に置き換えられた可能性があります。';

test('an invited student sets a nickname and password and lands logged in', async ({ page }) => {
  test.slow(); // a whole flow with a mail delivery and two password hashes
  const email = invite('招待 花子');
  const link = await linkPath(email, 'invitation', /\/account\/new\/[A-Za-z0-9_-]{43}/);
  await page.goto(link);
  const form = page.getByRole('form', { name: 'アカウント登録' });
  await expect(form.getByLabel('メールアドレス')).toHaveValue(email);
  await expect(form.getByLabel('ニックネーム')).toHaveValue('招待 花子');
  await expect(page.getByTestId('site-footer')).toBeVisible();

  const submit = form.getByRole('button', { name: '登録する' });
  await form.getByLabel('ニックネーム').fill('あ'.repeat(81));
  await form.getByLabel('ニックネーム').blur(); // the message appears on leaving the field
  await expect(form.getByText('ニックネームは80文字以内でご入力ください')).toBeVisible();
  await submit.click();
  await expect(form.getByText('パスワードは必須です', { exact: true })).toBeVisible();
  await expect(form.getByText('確認用のパスワードは必須です')).toBeVisible();
  await form.getByLabel('ニックネーム').fill('新入生 花子');
  await form.getByLabel('パスワード', { exact: true }).fill('hanako-pass1');
  await form.getByLabel('パスワード（確認）').fill('hanako-pass2');
  await submit.click();
  await expect(form.getByText('パスワードが一致しません')).toBeVisible();
  await form.getByLabel('パスワード（確認）').fill('hanako-pass1');
  await submit.click();

  await expect(page).toHaveURL(/\/account\/new\/complete$/);
  await expect(page.getByRole('status')).toHaveText('アカウントを登録しました。');
  await page.getByRole('link', { name: 'はじめる' }).click();
  await expect(page.getByTestId('nav-title')).toHaveText('Railsキャリアコース');
  await expect(page.getByTestId('current-nickname')).toHaveText('新入生 花子');

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(INVALID);
});

test('an expired invitation says so and who to ask; no id is an invalid link', async ({ page }) => {
  test.slow(); // a whole flow with a mail delivery and two password hashes
  const email = invite('期限切れ');
  const link = await linkPath(email, 'invitation', /\/account\/new\/[A-Za-z0-9_-]{43}/);
  // Seven days later: the row's times moved back in the test database (the daemon's clock is real).
  const url = camp('db', 'url').trim();
  execFileSync('psql', [
    url,
    '-qc',
    `UPDATE invitations SET created_at = now() - interval '8 days', expires_at = now() - interval '1 day' WHERE email = '${email}'`,
  ]);
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText('この招待リンクは有効期限が切れています。');
  await expect(page.getByText('スクールの管理者に再度の招待を依頼してください。')).toBeVisible();
  await expect(page.getByRole('form', { name: 'アカウント登録' })).toHaveCount(0);

  for (const path of ['/account/new', `/account/new/${'A'.repeat(43)}`]) {
    await page.goto(path);
    await expect(page.getByRole('alert')).toHaveText(INVALID);
  }
});
