// A question page follows its question without a reload (QuestionChannel `changed` messages):
// a mentor's new answer shows on the asker's open page, with the count and the watch toggle.
import { expect, test } from '@playwright/test';
import { createAccount, pageFor, PASSWORD } from './curriculum-support';
import { closeShareDialog, login, subscribed } from './support';

test("a mentor's new answer shows on the asker's open question page without a reload", async ({ browser }) => {
  test.setTimeout(120_000); // a budget, not a wait: two accounts log in, in browsers of their own
  const student = createAccount('student', '質問者');
  const asker = await (await browser.newContext()).newPage();
  await login(asker, student.email, PASSWORD, { keepShareDialog: true });
  await closeShareDialog(asker);
  const title = `ライブ回答 ${Date.now()}`;
  await asker.goto('/questions');
  await asker.getByRole('button', { name: '質問する' }).click();
  const dialog = asker.getByRole('dialog', { name: '質問する' });
  await dialog.getByLabel('カテゴリー').selectOption({ index: 2 });
  await dialog.getByLabel('タイトル').fill(title);
  await dialog.getByLabel('本文 (Markdown)').fill('## 実現したいこと\nテスト');
  const live = subscribed(asker, 'QuestionChannel');
  await dialog.getByRole('button', { name: '投稿する' }).click();
  await expect(asker).toHaveURL(/\/questions\/\d+$/);
  await expect(asker.getByTestId('answer-count')).toHaveText('回答 0件');
  await expect(asker.getByRole('button', { name: 'ウォッチ中' })).toBeVisible(); // the asker watches
  await live;

  const mentor = await pageFor(browser, createAccount('basic_mentor', '回答メンター').email);
  await mentor.goto(asker.url());
  await mentor.getByLabel('回答 (Markdown)').fill('`bin/rails db:migrate` を実行してください');
  await mentor.getByRole('button', { name: '回答する' }).click();
  await expect(mentor.getByTestId('answer')).toHaveCount(1);

  await expect(asker.getByTestId('answer-count')).toHaveText('回答 1件');
  await expect(asker.getByTestId('answer').locator('code')).toHaveText('bin/rails db:migrate');
  // And the bell heard of it (not a count: notifications.spec announces to every student meanwhile).
  await asker.getByTestId('notification-bell').click();
  await expect(
    asker.getByTestId('notification-menu').getByTestId('notification-item').filter({ hasText: title }),
  ).toContainText('回答しました');
  await asker.keyboard.press('Escape');

  // The mentor answered, so watches now; stopping survives a reload.
  await mentor.getByRole('button', { name: 'ウォッチ中' }).click();
  await expect(mentor.getByRole('button', { name: 'ウォッチする' })).toBeVisible();
  await mentor.reload();
  await expect(mentor.getByRole('button', { name: 'ウォッチする' })).toBeVisible();
  await asker.context().close();
  await mentor.context().close();
});
