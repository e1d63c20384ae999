// The unsubscribe pages (docs/mail.md "Unsubscribe pages"): a real link built by the CLI, the
// confirm step and the done state; a tampered id and a missing id show a clear page and change
// nothing. No login anywhere.
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { createStudent } from './support';

interface Link {
  id: string;
  page_url: string;
  one_click_url: string;
}

function link(accountId: number, topic: 'school' | 'events' | 'magazine'): Link {
  const bin = process.env.CAMP_BIN;
  if (!bin) throw new Error('CAMP_BIN must point at the camp CLI');
  const out = execFileSync(bin, ['--json', 'mail', 'unsubscribe-link', String(accountId), '--topic', topic], {
    env: process.env,
    encoding: 'utf8',
  });
  return JSON.parse(out) as Link;
}

// The page's path: the link's host is the configured public_url, the test daemon's may differ.
const pathOf = (url: string) => new URL(url).pathname;

test('a magazine link: confirm, done, and done again on a second visit', async ({ page }) => {
  const student = createStudent();
  const magazine = link(student.id, 'magazine');
  expect(pathOf(magazine.page_url)).toBe(`/unsubscribe-magazine/${magazine.id}`);
  await page.goto(pathOf(magazine.page_url));
  await expect(page.getByRole('heading', { name: 'メールマガジンの配信停止' })).toBeVisible();
  const [local, domain] = student.email.split('@');
  await expect(page.getByTestId('unsubscribe-email')).toHaveText(`${local[0]}***@${domain}`);
  await expect(page.getByText('ポテパンキャンプのメールマガジンが届かなくなります。')).toBeVisible();
  await expect(page.getByText(student.email)).toHaveCount(0);
  await page.getByRole('button', { name: '配信を停止する' }).click();
  await expect(page.getByTestId('unsubscribe-notice')).toHaveText('配信を停止しました。');
  await expect(page.getByRole('button', { name: '配信を停止する' })).toHaveCount(0);
  // The footer of the new-auth layout: privacy policy and terms.
  await expect(page.getByRole('link', { name: /プライバシーポリシー/ })).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('unsubscribe-notice')).toHaveText('すでに配信を停止しています。');
  // Only the magazine stopped: the school page still offers to stop all mail.
  await page.goto(pathOf(link(student.id, 'school').page_url));
  await expect(page.getByRole('heading', { name: 'メール配信の停止' })).toBeVisible();
  await expect(page.getByRole('button', { name: '配信を停止する' })).toBeVisible();
});

test('the event notifications page stops events', async ({ page }) => {
  const student = createStudent();
  const events = link(student.id, 'events');
  await page.goto(pathOf(events.page_url));
  await expect(page.getByRole('heading', { name: 'イベント通知の配信停止' })).toBeVisible();
  await page.getByRole('button', { name: '配信を停止する' }).click();
  await expect(page.getByTestId('unsubscribe-notice')).toHaveText('配信を停止しました。');
});

test('a tampered id: a clear page and nothing changed', async ({ page }) => {
  const student = createStudent();
  const school = link(student.id, 'school');
  const tampered = school.id.slice(0, -1) + (school.id.endsWith('A') ? 'B' : 'A');
  await page.goto(`/in_house_mng_system/unsubscription-to-email/${tampered}`);
  await expect(page.getByRole('heading', { name: 'メール配信の停止' })).toBeVisible();
  await expect(page.getByTestId('unsubscribe-notice')).toHaveText(
    '配信停止のリンクが正しくありません。メールに記載されたリンクをもう一度お確かめください。',
  );
  await expect(page.getByRole('button', { name: '配信を停止する' })).toHaveCount(0);
  // The real link still offers the confirm step: nothing was stopped.
  await page.goto(pathOf(school.page_url));
  await expect(page.getByRole('button', { name: '配信を停止する' })).toBeVisible();
});

test('no id: a clear page for each of the three', async ({ page }) => {
  for (const [path, heading] of [
    ['/in_house_mng_system/unsubscription-to-email', 'メール配信の停止'],
    ['/unsubscribe-event-notifications', 'イベント通知の配信停止'],
    ['/unsubscribe-magazine/', 'メールマガジンの配信停止'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByTestId('unsubscribe-notice')).toHaveText(
      '配信停止のリンクが不完全です。メールに記載されたリンクをそのまま開いてください。',
    );
  }
});
