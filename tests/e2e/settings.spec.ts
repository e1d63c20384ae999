import { expect, test } from '@playwright/test';
import { createStudent, login } from './support';

// PNG 1×1, enough for the upload endpoint to accept.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('settings dialog: validation, upload and save', async ({ page }) => {
  const account = createStudent();
  await login(page, account.email, 'pass-word-123');
  await page.getByTestId('side-drawer').getByRole('button', { name: '設定' }).click();
  const dialog = page.getByRole('dialog', { name: '設定' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('ニックネーム')).toHaveValue('テスト');
  await expect(dialog.getByLabel(/メールアドレス/)).toHaveValue(account.email);
  const save = dialog.getByRole('button', { name: '保存' });

  await dialog.getByLabel('ニックネーム').fill('あ'.repeat(81));
  await expect(dialog.getByText('ニックネームは80文字以内でご入力ください')).toBeVisible();
  await expect(save).toBeDisabled();

  await dialog.getByTestId('profile-image-input').setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: PNG });
  await expect(dialog.getByText('jpg/png/webp いずれかの形式のファイルをアップロードしてください。')).toBeVisible();

  await dialog.getByTestId('profile-image-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByTestId('settings-avatar').locator('img')).toHaveAttribute('src', /^\/uploads\/profile\//);

  const nickname = `更新 ${Date.now()}`;
  await dialog.getByLabel('ニックネーム').fill(nickname);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('アカウント情報が変更されました')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('current-nickname')).toHaveText(nickname);
  await expect(page.getByTestId('current-avatar')).toHaveAttribute('src', /^\/uploads\/profile\//);

  await page.reload();
  await expect(page.getByTestId('current-nickname')).toHaveText(nickname);
});

test('settings dialog closes by the close icon and by a click outside', async ({ page }) => {
  const account = createStudent();
  await login(page, account.email, 'pass-word-123');
  const open = () => page.getByTestId('side-drawer').getByRole('button', { name: '設定' }).click();
  const dialog = page.getByRole('dialog', { name: '設定' });
  await open();
  await dialog.getByRole('button', { name: '閉じる' }).click();
  await expect(dialog).toBeHidden();
  await open();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 400);
  await expect(dialog).toBeHidden();
});

test('settings dialog prefilled from the account query parameter', async ({ page }) => {
  const account = createStudent();
  await login(page, account.email, 'pass-word-123');
  const param = encodeURIComponent(JSON.stringify({ nickname: 'クエリから', email: 'query@example.com' }));
  await page.goto(`/mypage?account=${param}`);
  const dialog = page.getByRole('dialog', { name: '設定' });
  await expect(dialog.getByLabel('ニックネーム')).toHaveValue('クエリから');
  await expect(dialog.getByLabel(/メールアドレス/)).toHaveValue('query@example.com');
});

test('settings dialog shows the server message for an e-mail already taken', async ({ page }) => {
  const account = createStudent();
  await login(page, account.email, 'pass-word-123');
  await page.getByTestId('side-drawer').getByRole('button', { name: '設定' }).click();
  const dialog = page.getByRole('dialog', { name: '設定' });
  await dialog.getByLabel(/メールアドレス/).fill('admin@example.com');
  await dialog.getByLabel(/現在のパスワード/).fill('pass-word-123');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('このメールアドレスは既に使われています')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('changing the e-mail asks for the current password and ends the other sessions', async ({ page, browser }) => {
  const account = createStudent();
  const elsewhere = await browser.newPage();
  await login(elsewhere, account.email, 'pass-word-123');
  await login(page, account.email, 'pass-word-123');
  await page.getByTestId('side-drawer').getByRole('button', { name: '設定' }).click();
  const dialog = page.getByRole('dialog', { name: '設定' });
  const save = dialog.getByRole('button', { name: '保存' });
  await expect(dialog.getByLabel(/現在のパスワード/)).toHaveCount(0);

  const newEmail = `renamed-${account.email}`;
  await dialog.getByLabel(/メールアドレス/).fill(newEmail);
  const password = dialog.getByLabel(/現在のパスワード/);
  await expect(password).toBeVisible();
  await expect(save).toBeDisabled();
  await password.fill('short');
  await expect(dialog.getByText('パスワードは8文字以上でご入力ください')).toBeVisible();
  await password.fill('much-too-long-password');
  await expect(dialog.getByText('パスワードは16文字以下でご入力ください')).toBeVisible();
  await password.fill('');
  await expect(dialog.getByText('パスワードは必須です')).toBeVisible();

  await password.fill('wrong-pass-123');
  await save.click();
  await expect(dialog.getByText('現在のパスワードが正しくありません')).toBeVisible();

  await password.fill('pass-word-123');
  await save.click();
  await expect(page.getByText('アカウント情報が変更されました')).toBeVisible();
  await expect(dialog).toBeHidden();

  // This session lives on; the one in the other browser ends.
  await page.reload();
  await expect(page.getByTestId('nav-title')).toBeVisible();
  await elsewhere.reload();
  await expect(elsewhere).toHaveURL(/\/login/);
  await elsewhere.close();
});
