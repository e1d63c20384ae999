// The notification centre in Chromium against the real daemon: a review reaches the student's
// bell and curriculum page without a reload (NotificationChannel), the menu leads to it, the
// /notifications tabs and marking, and the settings' 通知 tab. Serial: an announcement goes to
// every student, so no other test of this file may count a student's notifications meanwhile.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  closeShareDialog,
  createAccount,
  importTestCurriculum,
  pageFor,
  PASSWORD,
  submitTask,
  taskSection,
  type E2eAccount,
} from './curriculum-support';
import { login, subscribed } from './support';

const FIRST = '課題1 はじめてのWebページ'; // task 901 of test-basics, review level basic

test.describe.configure({ mode: 'serial' });
test.beforeAll(() => importTestCurriculum());

/** A fresh student, logged in (welcome dialog closed), its NotificationChannel confirmed. */
async function liveStudent(browser: Browser): Promise<{ student: E2eAccount; page: Page }> {
  const student = createAccount('student', '通知受講生');
  const page = await (await browser.newContext()).newPage();
  const live = subscribed(page, 'NotificationChannel');
  await login(page, student.email, PASSWORD, { keepShareDialog: true });
  await closeShareDialog(page);
  await live;
  return { student, page };
}

/**
 * A basic mentor hears of the student's submission of task 901 in the notification centre,
 * follows it to the review and sends one. (Not through the queue's first page: a full run leaves
 * more than a page of waiting 901 submissions.)
 */
async function review(mentor: Page, student: E2eAccount, verdict: '合格' | '修正依頼', comment: string) {
  await mentor.goto('/notifications?category=review&unread=1');
  const told = mentor
    .getByTestId('notification-item')
    .filter({ hasText: `${student.nickname}さんが「はじめてのWebページ」を提出しました` });
  await told.click();
  await expect(mentor).toHaveURL(/\/reviews\?submission=\d+/);
  const form = mentor.getByTestId('review-form');
  await form.getByLabel('コメント (Markdown)').fill(comment);
  await form.getByLabel(verdict).check();
  await mentor.getByRole('button', { name: 'レビューを送信する' }).click();
  await expect(mentor.getByText('レビューを送信しました')).toBeVisible();
}

/** `camp notifications announce --to student`: an お知らせ to every student. */
function announceToStudents(title: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'camp-e2e-announce-'));
  try {
    writeFileSync(join(dir, 'body.txt'), 'テスト用のお知らせです。');
    execFileSync(
      process.env.CAMP_BIN ?? 'camp',
      ['notifications', 'announce', '--to', 'student', '--title', title, '--body-file', join(dir, 'body.txt')],
      { env: process.env, encoding: 'utf8' },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a review reaches the student live: the bell counts it, the task shows it, the menu leads to it', async ({
  browser,
}) => {
  test.setTimeout(180_000); // a budget, not a wait: two accounts log in, in browsers of their own
  const { student, page: s } = await liveStudent(browser);
  const mentor = createAccount('basic_mentor', '通知メンター');
  const bell = s.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('通知');
  await expect(s.getByTestId('notification-badge')).toHaveCount(0);
  await s.goto('/curriculums/test-basics');
  await submitTask(s, FIRST, `https://github.com/${student.nickname}/page`);

  const m = await pageFor(browser, mentor.email);
  await review(m, student, '合格', 'よくできています。\n次へ進みましょう');

  // No reload: the count rises and the task shows the review.
  await expect(s.getByTestId('notification-badge')).toHaveText('1');
  await expect(bell).toHaveAccessibleName('通知（未読1件）');
  await expect(taskSection(s, FIRST).getByTestId('task-status')).toHaveText('合格');

  await s.goto('/mypage');
  await bell.click();
  const menu = s.getByTestId('notification-menu');
  const item = menu.getByTestId('notification-item').filter({ hasText: mentor.nickname });
  await expect(item).toContainText(`${mentor.nickname}さんが「はじめてのWebページ」を合格にしました`);
  await expect(item).toContainText('よくできています。');
  await expect(item).toHaveAttribute('data-unread', 'true');
  await item.click();
  await expect(s).toHaveURL(/\/curriculums\/test-basics#task-901$/);
  await expect(taskSection(s, FIRST).getByTestId('task-status')).toHaveText('合格');
  await expect(s.getByTestId('notification-badge')).toHaveCount(0);

  // Read stays read after a reload.
  await s.reload();
  await expect(s.getByTestId('notification-bell')).toHaveAccessibleName('通知');
  await s.context().close();
  await m.context().close();
});

test('/notifications: tabs with unread counts, 未読のみ, this tab read, all read from the bell', async ({
  browser,
}) => {
  test.setTimeout(180_000); // a budget, not a wait: two accounts log in, in browsers of their own
  const { student, page: s } = await liveStudent(browser);
  const mentor = createAccount('basic_mentor', '通知メンター'); // before the submission: told of it
  await s.goto('/curriculums/test-basics');
  await submitTask(s, FIRST, `https://github.com/${student.nickname}/page`);
  const m = await pageFor(browser, mentor.email);
  await review(m, student, '修正依頼', '見出しを直してください');
  await m.context().close();
  const title = `e2e お知らせ ${Date.now()}`;
  announceToStudents(title);
  await expect(s.getByTestId('notification-badge')).toHaveText('2'); // both arrived live

  await s.goto('/notifications');
  const tab = (name: string) => s.getByRole('tab', { name: new RegExp(`^${name}`) });
  await expect(tab('すべて')).toHaveText('すべて2');
  await expect(tab('レビュー')).toHaveText('レビュー1');
  await expect(tab('お知らせ')).toHaveText('お知らせ1');
  await expect(tab('質問')).toHaveText('質問');
  await expect(s.getByTestId('notification-total')).toHaveText('2件');

  await tab('お知らせ').click();
  await expect(s).toHaveURL(/\/notifications\?category=announcement$/);
  await expect(s.getByTestId('notification-item')).toHaveCount(1);
  await expect(s.getByTestId('notification-item')).toContainText(title);
  await s.getByRole('button', { name: 'このタブをすべて既読にする' }).click();
  await expect(tab('お知らせ')).toHaveText('お知らせ');
  await expect(tab('すべて')).toHaveText('すべて1');
  await expect(s.getByTestId('notification-badge')).toHaveText('1');
  await expect(s.getByTestId('notification-item')).not.toHaveAttribute('data-unread');

  await tab('すべて').click();
  await expect(s).toHaveURL(/\/notifications$/);
  // The switch follows the URL (?unread=1), so it turns on once the navigation lands.
  const unreadOnly = s.getByRole('switch', { name: '未読のみ' });
  await unreadOnly.click();
  await expect(unreadOnly).toBeChecked();
  await expect(s).toHaveURL(/unread=1/);
  await expect(s.getByTestId('notification-item')).toHaveCount(1);
  await expect(s.getByTestId('notification-item')).toContainText('修正依頼');

  await s.getByTestId('notification-bell').click();
  await s.getByTestId('notification-menu').getByRole('button', { name: 'すべて既読にする' }).click();
  await expect(s.getByTestId('notification-badge')).toHaveCount(0);
  await s.keyboard.press('Escape');
  await expect(s.getByText('未読の通知はありません')).toBeVisible();
  await expect(tab('すべて')).toHaveText('すべて');
  await s.context().close();
});

test('the settings 通知 tab saves the mail choices and the switches; they survive a reload', async ({ page }) => {
  const student = createAccount('student', '設定受講生');
  await login(page, student.email, PASSWORD);
  const open = async () => {
    await page.getByTestId('side-drawer').getByRole('button', { name: '設定' }).click();
    const dialog = page.getByRole('dialog', { name: '設定' });
    await dialog.getByRole('tab', { name: '通知' }).click();
    return dialog;
  };
  let dialog = await open();
  await expect(dialog.getByRole('combobox', { name: 'レビュー' })).toHaveText('すぐにメール');
  await expect(dialog.getByRole('combobox', { name: '受講生' })).toHaveText('1日1回まとめて');
  await expect(dialog.getByText('初期設定: 1日1回まとめて')).toBeVisible();
  await expect(dialog.getByRole('switch', { name: 'メールマガジンを受け取る' })).toBeChecked();

  await dialog.getByRole('combobox', { name: 'レビュー' }).click();
  await page.getByRole('option', { name: 'メールしない' }).click();
  await dialog.getByRole('combobox', { name: 'イベント' }).click();
  await page.getByRole('option', { name: '1日1回まとめて' }).click();
  await dialog.getByRole('switch', { name: 'メールマガジンを受け取る' }).uncheck();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('通知の設定を保存しました')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  dialog = await open();
  await expect(dialog.getByRole('combobox', { name: 'レビュー' })).toHaveText('メールしない');
  await expect(dialog.getByRole('combobox', { name: 'イベント' })).toHaveText('1日1回まとめて');
  await expect(dialog.getByRole('combobox', { name: '質問' })).toHaveText('すぐにメール');
  await expect(dialog.getByRole('switch', { name: 'メールマガジンを受け取る' })).not.toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'スクールからのメールを受け取る' })).toBeChecked();
});
