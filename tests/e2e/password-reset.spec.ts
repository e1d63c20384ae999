import { expect, test } from '@playwright/test';
import { linkPath } from './mailbox';
import { createStudent, fillLogin } from './support';

const LINK_INVALID =
  'このパスワード再設定用のリンクは無効か、有効期限が切れています。お手数ですが、もう一度お手続きください。';

test('forgotten password: request from the login page, the mailed link, a new password, log in', async ({ page }) => {
  test.slow(); // a whole flow with a mail delivery and two password hashes
  const account = createStudent('old-pass-123');
  await page.goto('/login');
  await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByTestId('site-footer')).toBeVisible();

  const form = page.getByRole('form', { name: 'パスワード再設定' });
  await form.getByRole('button', { name: '送信する' }).click();
  await expect(form.getByText('メールアドレスは必須です')).toBeVisible();
  await form.getByLabel('メールアドレス').fill('hanako');
  await form.getByRole('button', { name: '送信する' }).click();
  await expect(form.getByText('不正なメールアドレスです')).toBeVisible();
  await form.getByLabel('メールアドレス').fill(account.email);
  await form.getByRole('button', { name: '送信する' }).click();
  await expect(page).toHaveURL(/\/reset-password\/confirm$/);
  await expect(page.getByRole('status')).toContainText('ご入力のメールアドレスが登録されている場合');

  const link = await linkPath(account.email, 'password_reset', /\/reset-password\/[A-Za-z0-9_-]{43}\/edit/);
  await page.goto(link);
  const edit = page.getByRole('form', { name: '新しいパスワード' });
  const submit = edit.getByRole('button', { name: 'パスワードを再設定する' });
  await submit.click();
  await expect(edit.getByText('パスワードは必須です', { exact: true })).toBeVisible();
  await expect(edit.getByText('確認用のパスワードは必須です')).toBeVisible();
  await edit.getByLabel('新しいパスワード', { exact: true }).fill('short');
  await edit.getByLabel('新しいパスワード（確認）').fill('short');
  await submit.click();
  await expect(edit.getByText('パスワードは8文字以上でご入力ください')).toBeVisible();
  await edit.getByLabel('新しいパスワード', { exact: true }).fill('x'.repeat(17));
  await expect(edit.getByText('パスワードは16文字以下でご入力ください')).toBeVisible();
  await edit.getByLabel('新しいパスワード', { exact: true }).fill('new-pass-456');
  await edit.getByLabel('新しいパスワード（確認）').fill('new-pass-457');
  await submit.click();
  await expect(edit.getByText('パスワードが一致しません')).toBeVisible();
  await edit.getByLabel('新しいパスワード（確認）').fill('new-pass-456');
  await submit.click();
  await expect(page).toHaveURL(/\/reset-password\/complete$/);
  await expect(page.getByRole('status')).toHaveText(
    'パスワードを再設定しました。新しいパスワードでログインしてください。',
  );

  await page.getByRole('link', { name: 'ログインする' }).click();
  await fillLogin(page, account.email, 'new-pass-456');
  // The login lane hashes with argon2id: slow on a busy test machine, so a longer wait here.
  await expect(page.getByTestId('nav-title')).toBeVisible({ timeout: 30_000 });

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(LINK_INVALID);
  await page.getByRole('link', { name: 'パスワード再設定をやり直す' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
});

test('the edit page without a token or with a garbage one says the link is invalid', async ({ page }) => {
  for (const path of [
    '/reset-password/edit',
    '/reset-password/not-a-token/edit',
    `/reset-password/${'A'.repeat(43)}/edit`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('alert')).toHaveText(LINK_INVALID);
    await expect(page.getByRole('link', { name: 'パスワード再設定をやり直す' })).toBeVisible();
    await expect(page.getByTestId('site-footer')).toBeVisible();
  }
});
