import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-pass-1234';

export const demo = {
  admin: 'admin@example.com',
  basicMentor: 'basic-mentor@example.com',
  advancedMentor: 'advanced-mentor@example.com',
  spotMentor: 'spot-mentor@example.com',
  student: 'student@example.com',
  student5: 'student5@example.com',
  u29: 'u29@example.com',
  graduate: 'graduate@example.com',
  trial: 'trial@example.com',
} as const;

export async function fillLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード').fill(password);
  await page.getByRole('button', { name: 'ログイン' }).click();
}

// A student may get the share dialog (first login, a completed curriculum) right after logging in
// or on any later route change. Unless a test watches it, it is closed whenever it shows:
// Playwright runs the handler before each action and auto-waiting assertion while it is visible.
export async function closeShareDialogWhenShown(page: Page): Promise<void> {
  await page.addLocatorHandler(page.getByTestId('share-dialog'), (dialog) =>
    dialog.getByRole('button', { name: 'とじる' }).click(),
  );
}

export interface LoginOptions {
  /** The test checks the share dialog itself (see closeShareDialogWhenShown). */
  keepShareDialog?: boolean;
}

// Logs in from /login and waits until the frame shows. A student's first milestone check is
// awaited and its dialog closed (unless the test keeps it), so it cannot cover what comes next.
export async function login(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  options: LoginOptions = {},
): Promise<void> {
  await page.goto('/login');
  const me = page.waitForResponse((r) => r.url().endsWith('/api/v1/accounts/me') && r.ok());
  const check = page.waitForResponse((r) => r.url().endsWith('/api/v1/x_share_milestones'));
  check.catch(() => {}); // non-students never ask
  await fillLogin(page, email, password);
  await expect(page.getByTestId('nav-title')).toBeVisible();
  if (options.keepShareDialog) return;
  const { role } = (await (await me).json()) as { role: string };
  if (role === 'student') {
    const { milestone_type } = (await (await check).json()) as { milestone_type: string | null };
    if (milestone_type) await closeShareDialog(page);
  }
  await closeShareDialogWhenShown(page);
}

/** The share dialog: closes it and waits until the daemon has marked the milestone shown. */
export async function closeShareDialog(page: Page): Promise<void> {
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog).toBeVisible();
  const marked = page.waitForResponse((r) => r.url().endsWith('/api/v1/x_share_milestones/mark_as_shown'));
  await dialog.getByRole('button', { name: 'とじる' }).click();
  expect((await marked).status()).toBe(204);
  await expect(dialog).toBeHidden();
}

// Menu labels of the visible navigation, in order (without the unread badge's count).
export async function menuLabels(page: Page, testId = 'side-drawer'): Promise<string[]> {
  const labels = page.getByTestId(testId).getByTestId('nav-list').locator('li .nav-item__label');
  await expect(labels.first()).toBeVisible();
  return (await labels.allInnerTexts()).map((t) => t.trim());
}

export interface CreatedAccount {
  id: number;
  email: string;
  nickname: string;
}

// A fresh student created with the camp CLI, so tests never change the shared demo accounts.
export function createStudent(password = 'pass-word-123'): CreatedAccount {
  const bin = process.env.CAMP_BIN;
  if (!bin) throw new Error('CAMP_BIN must point at the camp CLI');
  const email = `e2e-${randomBytes(6).toString('hex')}@example.com`;
  const out = execFileSync(
    bin,
    [
      'accounts',
      'create',
      '--email',
      email,
      '--role',
      'student',
      '--course',
      'rails_4m',
      '--nickname',
      'テスト',
      '--json',
    ],
    { input: `${password}\n`, env: process.env, encoding: 'utf8' },
  );
  const account = JSON.parse(out.slice(out.indexOf('{'))) as CreatedAccount;
  return { ...account, email };
}

/** Resolves once the page's /cable has confirmed a subscription to `channel` (call it before the
 * page subscribes): a live update sent after it cannot be missed. */
export function subscribed(page: Page, channel: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        const text = String(payload);
        if (text.includes('confirm_subscription') && text.includes(channel)) resolve();
      }),
    );
  });
}
