import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createStudent, login } from './support';

const PASSWORD = 'pass-word-123';

// A throw-away account of any role, created with the camp CLI like support.ts's createStudent.
function createAccount(role: string, nickname: string): { email: string } {
  const bin = process.env.CAMP_BIN;
  if (!bin) throw new Error('CAMP_BIN must point at the camp CLI');
  const email = `e2e-q-${randomBytes(6).toString('hex')}@example.com`;
  execFileSync(bin, ['accounts', 'create', '--email', email, '--role', role, '--nickname', nickname, '--json'], {
    input: `${PASSWORD}\n`,
    env: process.env,
    encoding: 'utf8',
  });
  return { email };
}

// Posts a question from /questions through the 質問する dialog and waits for its page.
async function askQuestion(page: Page, title: string, body: string): Promise<string> {
  await page.goto('/questions');
  await page.getByRole('button', { name: '質問する' }).click();
  const dialog = page.getByRole('dialog', { name: '質問する' });
  await dialog.getByLabel('カテゴリー').selectOption({ index: 2 });
  await dialog.getByLabel('タイトル').fill(title);
  await dialog.getByLabel('本文 (Markdown)').fill(body);
  await dialog.getByRole('button', { name: '投稿する' }).click();
  await expect(page).toHaveURL(/\/questions\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  return page.url();
}

async function newPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, email, PASSWORD);
  return page;
}

test('a mentor typing an answer shows on the asker page within 1 s; clearing stops it', async ({ browser }) => {
  const student = createStudent(PASSWORD);
  const mentor = createAccount('basic_mentor', `メンター${randomBytes(2).toString('hex')}`);
  const asker = await newPage(browser, student.email);
  const url = await askQuestion(asker, `プレゼンス確認 ${Date.now()}`, '## 実現したいこと\nテスト');
  const answerer = await newPage(browser, mentor.email);
  await answerer.goto(url);
  const answerBox = answerer.getByLabel('回答 (Markdown)');
  await expect(answerBox).toBeVisible();
  // both pages are subscribed before typing starts
  await asker.waitForTimeout(500);

  const typing = asker.getByTestId('answering-accounts').getByText(/メンター.*さんが回答を入力中/);
  await answerBox.fill('rails db:migrate:status を');
  await expect(typing).toBeVisible({ timeout: 1000 });
  await answerBox.fill('');
  await expect(typing).toBeHidden({ timeout: 1000 });

  // typing again, then posting: the answer appears on both pages and the mark goes away
  await answerBox.fill('マイグレーションの順番を確認してください');
  await expect(typing).toBeVisible({ timeout: 1000 });
  await answerer.getByRole('button', { name: '回答する' }).click();
  await expect(typing).toBeHidden({ timeout: 2000 });
  await asker.context().close();
  await answerer.context().close();
});

test('posting a question with an empty title shows the required message', async ({ page }) => {
  const student = createStudent(PASSWORD);
  await login(page, student.email, PASSWORD);
  await page.goto('/questions');
  await page.getByRole('button', { name: '質問する' }).click();
  const dialog = page.getByRole('dialog', { name: '質問する' });
  await expect(dialog.getByLabel('タイトル')).toHaveAttribute('placeholder', '〇〇のエラーが解決できない');
  await expect(dialog.getByLabel('本文 (Markdown)')).toHaveAttribute('placeholder', /実現したいこと/);
  await dialog.getByRole('button', { name: '投稿する' }).click();
  await expect(dialog.getByText('タイトルは必須です')).toBeVisible();
  await expect(dialog.getByText('カテゴリーは必須です')).toBeVisible();
  await dialog.getByLabel('カテゴリー').selectOption({ index: 1 });
  await dialog.getByLabel('本文 (Markdown)').fill('本文だけ');
  await dialog.getByRole('button', { name: '投稿する' }).click();
  await expect(dialog.getByText('タイトルは必須です')).toBeVisible();
  await expect(dialog.getByText('カテゴリーは必須です')).toBeHidden();
  await expect(page).toHaveURL(/\/questions$/);
});

test('search by a two-character Japanese fragment; the URL keeps the keywords', async ({ page }) => {
  const student = createStudent(PASSWORD);
  await login(page, student.email, PASSWORD);
  const marker = randomBytes(3).toString('hex');
  const title = `検索用 ${marker} 鯖缶のエラー`;
  await askQuestion(page, title, '本文');
  await page.goto('/questions');
  await page.getByLabel('キーワード').fill('鯖缶');
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page).toHaveURL(/keywords=%E9%AF%96%E7%BC%B6/);
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('キーワード')).toHaveValue('鯖缶');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  for (const item of await page.getByTestId('question-item').all()) await expect(item).toContainText('鯖缶');
});

test('posting an answer shows it, rendered as Markdown', async ({ page }) => {
  const student = createStudent(PASSWORD);
  await login(page, student.email, PASSWORD);
  await askQuestion(page, `回答テスト ${Date.now()}`, '<img src=x onerror="window.__xss=1"> **太字**');
  await expect(page.getByTestId('question-body').locator('strong')).toHaveText('太字');
  await expect(page.getByTestId('question-body').locator('img')).toHaveCount(1);
  await expect(page.getByTestId('question-body').locator('[onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await page.getByLabel('回答 (Markdown)').fill('自己解決しました: `bundle install` を **再実行**');
  await page.getByRole('button', { name: '回答する' }).click();
  const answer = page.getByTestId('answer');
  await expect(answer).toHaveCount(1);
  await expect(answer.locator('code')).toHaveText('bundle install');
  await answer.getByRole('button', { name: '解決済みにする' }).click();
  await expect(answer.getByText('解決した回答')).toBeVisible();
  await expect(page.getByText('解決済み', { exact: true })).toBeVisible();
});

test('an invalid question id shows the 404 page', async ({ page }) => {
  const student = createStudent(PASSWORD);
  await login(page, student.email, PASSWORD);
  await page.goto('/questions/abc');
  await expect(page.getByText('This page could not be found')).toBeVisible();
});

test('an image attached to a question body is uploaded and shown on the question page', async ({ page }) => {
  const student = createStudent(PASSWORD);
  await login(page, student.email, PASSWORD);
  await page.goto('/questions');
  await page.getByRole('button', { name: '質問する' }).click();
  const dialog = page.getByRole('dialog', { name: '質問する' });
  const title = `画像添付 ${Date.now()}`;
  await dialog.getByLabel('カテゴリー').selectOption({ index: 2 });
  await dialog.getByLabel('タイトル').fill(title);
  await dialog.getByLabel('本文 (Markdown)').fill('## 実現したいこと\nスクリーンショットです');
  await dialog.getByTestId('question-image-input').setInputFiles({
    name: 'screenshot.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await expect(dialog.getByLabel('本文 (Markdown)')).toHaveValue(/!\[画像\]\(\/uploads\/question\/[^)]+\.png\)/);
  await dialog.getByRole('button', { name: '投稿する' }).click();
  await expect(page).toHaveURL(/\/questions\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const image = page.getByRole('img', { name: '画像' });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^\/uploads\/question\//);
});
