// Curriculums and the submit → review → resubmit → approve cycle in Chromium, against the
// real daemon: a student, a basic mentor (both created for the run) and the test curriculum
// (tests/fixtures/curriculum: テスト基礎 = test-basics, tasks 901 and 902, milestone on 902).
import { expect, test } from '@playwright/test';
import {
  closeShareDialog,
  createAccount,
  importTestCurriculum,
  pageFor,
  PASSWORD,
  queueRow,
  submitTask,
  taskSection,
} from './curriculum-support';
import { demo, DEMO_PASSWORD, login } from './support';

const FIRST = 'はじめてのWebページ'; // task 901, source https://github.com/camp-test/first-page-template
const LAST = 'CSSで見た目を整える'; // task 902, the last of test-basics: approving it makes the milestone

test.beforeAll(() => importTestCurriculum());

test('a student submits, a mentor requests changes, the student resubmits, the mentor approves; the share dialog shows once', async ({
  browser,
}) => {
  test.setTimeout(180_000); // a budget, not a wait: several accounts log in, in browsers of their own
  const student = createAccount('student', '受講生');
  const mentor = createAccount('basic_mentor', 'メンター');

  // First login: the welcome dialog (first_login), once.
  const s = await pageFor(browser, student.email);
  await closeShareDialog(s);
  await s.goto('/curriculums');
  const card = s.getByTestId('curriculum-card').filter({ hasText: 'テスト基礎' });
  await expect(card.getByTestId('curriculum-progress')).toContainText('0 / 2 課題合格');
  await card.getByRole('link', { name: 'テスト基礎' }).click();
  await expect(s).toHaveURL(/\/curriculums\/test-basics$/);
  await expect(s.getByRole('heading', { level: 1, name: 'テスト基礎' })).toBeVisible();
  await expect(s.getByTestId('share-dialog')).toBeHidden();

  // The body is rendered Markdown; the clone source cannot be submitted, in any spelling.
  const first = taskSection(s, `課題1 ${FIRST}`);
  await expect(first.getByTestId('task-body').getByRole('heading', { name: '課題の目的' })).toBeVisible();
  await expect(first.getByTestId('source-repository')).toContainText(
    'git clone https://github.com/camp-test/first-page-template',
  );
  await first.getByLabel('提出するリポジトリのURL').fill('http://GitHub.com/camp-test/first-page-template.git/');
  await expect(first.getByText('クローン元のリポジトリへのpushはできません')).toBeVisible();
  await expect(first.getByRole('button', { name: '提出する' })).toBeDisabled();
  await first.getByLabel('提出するリポジトリのURL').fill('github.com/me/page');
  await expect(first.getByText('不正なURLです')).toBeVisible();

  await submitTask(s, `課題2 ${LAST}`, `https://github.com/${student.nickname}/styles`);

  // The mentor finds it in the queue (filtered to the task), claims it and requests changes.
  const m = await pageFor(browser, mentor.email);
  await m.goto('/reviews?curriculum=test-basics&task=902');
  const row = queueRow(m, student.nickname);
  await expect(row).toContainText('レビュー待ち');
  await row.getByRole('button', { name: 'レビューする' }).click();
  const dialog = m.getByTestId('review-dialog');
  await dialog.getByRole('button', { name: '担当する' }).click();
  await expect(dialog.getByTestId('submission-summary')).toContainText(`担当: ${mentor.nickname}さん`);
  await dialog.getByRole('button', { name: 'レビューを送信する' }).click();
  await expect(dialog.getByText('コメントは必須です')).toBeVisible();
  await expect(dialog.getByText('ステータスは必須です')).toBeVisible();
  await dialog.getByLabel('コメント (Markdown)').fill('## 修正点\n\n- 見出しの階層を見直してください');
  await dialog.getByLabel('修正依頼').check();
  await dialog.getByRole('button', { name: 'レビューを送信する' }).click();
  await expect(m.getByText('レビューを送信しました')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toBeHidden(); // the queue shows waiting submissions only

  // The student sees the review and resubmits.
  await s.reload();
  const last = taskSection(s, `課題2 ${LAST}`);
  await expect(last.getByTestId('task-status')).toHaveText('修正依頼');
  await expect(last.getByTestId('review-comment').getByRole('heading', { name: '修正点' })).toBeVisible();
  await submitTask(s, `課題2 ${LAST}`, `https://github.com/${student.nickname}/styles-v2`);

  // Live update: the resubmission appears in the mentor's open queue without a reload.
  await expect(row).toContainText('レビュー待ち');
  await row.getByRole('button', { name: 'レビューする' }).click();
  await expect(dialog.getByTestId('submission-history')).toContainText('修正依頼');
  await dialog.getByLabel('コメント (Markdown)').fill('よくできています。');
  await dialog.getByLabel('合格').check();
  await dialog.getByRole('button', { name: 'レビューを送信する' }).click();
  await expect(m.getByText('レビューを送信しました')).toBeVisible();

  // The student: the milestone's share dialog on the next route change, once.
  await s.getByRole('link', { name: 'カリキュラム一覧' }).first().click();
  await closeShareDialog(s);
  await expect(card.getByTestId('curriculum-progress')).toContainText('1 / 2 課題合格');
  await expect(card.getByTestId('curriculum-task').filter({ hasText: LAST })).toContainText('合格');
  await card.getByRole('link', { name: 'テスト基礎' }).click();
  await expect(taskSection(s, `課題2 ${LAST}`).getByTestId('submit-notice')).toHaveText(
    'この課題はすでに合格しています',
  );
  await s.reload();
  await expect(taskSection(s, `課題2 ${LAST}`).getByTestId('task-status')).toHaveText('合格');
  await expect(s.getByTestId('share-dialog')).toBeHidden();
});

test('trial sees the tasks but no submit form', async ({ page }) => {
  await login(page, demo.trial, DEMO_PASSWORD);
  await page.goto('/curriculums/test-basics');
  const first = taskSection(page, `課題1 ${FIRST}`);
  await expect(first.getByTestId('task-body')).toContainText('自己紹介ページを作ります');
  await expect(first.getByTestId('submit-notice')).toHaveText('体験アカウントでは課題を提出できません');
  await expect(page.getByTestId('submission-form')).toHaveCount(0);
  await expect(page.getByTestId('task-status')).toHaveCount(0);
});

test('the table of contents follows the scroll and stays closed across reloads; an unknown or malformed name is a 404', async ({
  page,
}) => {
  const student = createAccount('student', '受講生');
  await login(page, student.email, PASSWORD, { keepShareDialog: true });
  await closeShareDialog(page);
  await page.goto('/curriculums/html-css'); // the real content: many screens long
  await page.getByTestId('task-section').last().scrollIntoViewIfNeeded();
  await expect(page.getByTestId('task-section').first()).not.toBeInViewport();
  await expect(page.getByTestId('task-aside')).toBeInViewport(); // sticky beside the tasks
  await page.goto('/curriculums/test-basics');
  await expect(page.getByTestId('task-aside')).toContainText(FIRST);
  await page.getByRole('button', { name: '目次を閉じる' }).click();
  await expect(page.getByTestId('task-aside')).toBeHidden();
  await page.reload();
  await expect(page.getByRole('button', { name: '目次を開く' })).toBeVisible();
  await expect(page.getByTestId('task-aside')).toBeHidden();
  await page.goto('/curriculums');
  await expect(page.getByTestId('curriculum-card').filter({ hasText: 'テスト基礎' })).toContainText('学習中');

  await page.goto('/curriculums/Test_Basics'); // refused by the route before any page code loads
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await page.goto('/curriculums/no-such-curriculum'); // the daemon's 404
  await expect(page.getByTestId('error-status')).toHaveText('404');
});
