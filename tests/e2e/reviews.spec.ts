// The review queue in Chromium against the real daemon: review levels, claims shown live
// through ReviewQueueChannel, a 409 shown in place, the rules pages and the guard.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  closeShareDialog,
  createAccount,
  importTestCurriculum,
  pageFor,
  PASSWORD,
  queueRow,
  ROOT,
  submitTask,
} from './curriculum-support';
import { demo, DEMO_PASSWORD, login } from './support';

const APP = '課題1 アプリケーションを作る'; // task 903, test-advanced, review level advanced

test.beforeAll(() => importTestCurriculum());

// A fresh student with a waiting submission of task 903; returns the student's nickname.
async function advancedSubmission(page: Page): Promise<string> {
  const student = createAccount('student', '受講生');
  await login(page, student.email, PASSWORD, { keepShareDialog: true });
  await closeShareDialog(page);
  await page.goto('/curriculums/test-advanced');
  await submitTask(page, APP, `https://github.com/${student.nickname}/app`);
  return student.nickname;
}

test('a basic mentor cannot review an advanced task; claims and releases show live', async ({ browser, page }) => {
  test.setTimeout(180_000); // a budget, not a wait: several accounts log in, in browsers of their own
  const student = await advancedSubmission(page);
  const basic = await pageFor(browser, createAccount('basic_mentor', 'ベーシック').email);
  const advanced = createAccount('advanced_mentor', 'アドバンス');
  const a = await pageFor(browser, advanced.email);
  const other = await pageFor(browser, createAccount('advanced_mentor', '別アドバンス').email);

  await basic.goto('/reviews?curriculum=test-advanced');
  const basicRow = queueRow(basic, student);
  await expect(basicRow).toContainText('上級');
  await expect(basicRow.getByRole('button', { name: '担当する' })).toHaveCount(0);
  await basicRow.getByRole('button', { name: '詳細' }).click();
  await expect(basic.getByTestId('review-blocked')).toHaveText('このレベルの課題はレビューできません');
  await expect(basic.getByTestId('review-form')).toHaveCount(0);

  await other.goto('/reviews?curriculum=test-advanced');
  await queueRow(other, student).getByRole('button', { name: 'レビューする' }).click();
  await expect(other.getByTestId('review-form')).toBeVisible();

  await a.goto('/reviews?curriculum=test-advanced&mentor=none');
  await queueRow(a, student).getByRole('button', { name: '担当する' }).click();
  await expect(a.getByText('この提出の担当になりました')).toBeVisible();
  await expect(queueRow(a, student)).toBeHidden(); // no longer unclaimed
  await a.goto('/reviews?curriculum=test-advanced&mentor=me');
  await expect(queueRow(a, student).getByTestId('queue-claimed-by')).toHaveText(advanced.nickname);

  // The other pages learn it without a reload.
  await expect(basic.getByTestId('submission-summary')).toContainText(`担当: ${advanced.nickname}さん`);
  await expect(other.getByTestId('review-blocked')).toHaveText(`${advanced.nickname}さんがレビュー中です`);
  await expect(other.getByTestId('review-form')).toHaveCount(0);

  await queueRow(a, student).getByRole('button', { name: '担当を外す' }).click();
  await expect(a.getByText('この提出の担当を外しました')).toBeVisible();
  await expect(other.getByTestId('review-form')).toBeVisible();
  await expect(other.getByTestId('submission-summary')).toContainText('担当: なし');
});

test('a review sent after another mentor reviewed first shows the 409 in place', async ({ browser, page }) => {
  test.setTimeout(180_000); // a budget, not a wait: several accounts log in, in browsers of their own
  const student = await advancedSubmission(page);
  const first = await pageFor(browser, createAccount('advanced_mentor', '先着').email);
  // The late mentor's page gets no live updates (its /cable is cut off), so its view is stale.
  const late = await browser.newPage();
  await late.routeWebSocket(/\/cable/, () => {});
  await login(late, createAccount('advanced_mentor', '後着').email, PASSWORD);
  await late.goto('/reviews?curriculum=test-advanced');
  await queueRow(late, student).getByRole('button', { name: 'レビューする' }).click();
  const form = late.getByTestId('review-form');
  await form.getByLabel('コメント (Markdown)').fill('修正をお願いします');
  await form.getByLabel('修正依頼').check();

  await first.goto('/reviews?curriculum=test-advanced');
  await queueRow(first, student).getByRole('button', { name: 'レビューする' }).click();
  await first.getByTestId('review-form').getByLabel('コメント (Markdown)').fill('よくできています');
  await first.getByTestId('review-form').getByLabel('合格').check();
  await first.getByRole('button', { name: 'レビューを送信する' }).click();
  await expect(first.getByText('レビューを送信しました')).toBeVisible();

  await late.getByRole('button', { name: 'レビューを送信する' }).click();
  await expect(late.getByTestId('review-refusal')).toHaveText('この提出はすでにレビューされています');
  await expect(late.getByTestId('submission-status')).toHaveText('合格');
  await expect(late.getByTestId('review-form')).toHaveCount(0);
});

test('the rules pages show config/review-notes; students cannot open /reviews', async ({ page, browser }) => {
  test.slow(); // two accounts log in
  await login(page, demo.basicMentor, DEMO_PASSWORD);
  await page.goto('/reviews');
  for (const [name, link] of [
    ['rules-for-basic-mentors', 'ベーシックメンターのレビュールール'],
    ['rules-for-advanced-mentors', '上級メンターのレビュールール'],
  ] as const) {
    await page.goto('/reviews');
    await page.getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(new RegExp(`/reviews/notes/${name}$`));
    const file = join(ROOT, 'config', 'review-notes', `${name}.md`);
    if (existsSync(file)) {
      const title = /^# (.+)$/m.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByTestId('review-note-body')).not.toBeEmpty();
    } else {
      // A build without the notes (the content lives in config/review-notes): the daemon's 404.
      await expect(page.getByTestId('error-status')).toHaveText('404');
    }
  }
  await page.goto('/reviews/notes/rules-for-everyone');
  await expect(page.getByText('This page could not be found')).toBeVisible();

  const student = await browser.newPage();
  await login(student, demo.student);
  await student.goto('/reviews');
  await expect(student.getByText('This page could not be found')).toBeVisible();
});
