// Students and the course Gantt chart in Chromium against the real daemon: an admin
// finds a fresh student through the list's search (kept in the URL), adds a mentoring record and edits it,
// changes the mentor in charge and sees the chart; the student sees their own chart on /mypage.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createStudent, demo, login } from './support';

const PASSWORD = 'pass-word-123';

// Screenshots for docs/webui.md, only when refreshed on purpose (CAMP_SCREENSHOT_DIR).
async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.CAMP_SCREENSHOT_DIR;
  if (!dir) return;
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(dir, name), fullPage: true });
}

test('an admin adds a mentoring record, changes the mentor in charge and sees the Gantt chart', async ({ page }) => {
  const student = createStudent(PASSWORD);
  await login(page, demo.admin);
  await page.goto(`/students?q=${encodeURIComponent(student.email)}`);
  await expect(page.getByTestId('student-row')).toHaveCount(1);
  await page.reload(); // the search lives in the URL
  await page.getByTestId('student-row').getByRole('link').click();
  await expect(page).toHaveURL(/\/students\/\d+$/);

  const chart = page.getByTestId('gantt-chart');
  await expect(chart.getByTestId('gantt-row')).toHaveCount(10); // the 4-month plan
  await expect(chart.locator('[data-weekday]').first()).toBeVisible();
  await expect(chart.locator('[data-part="today"]')).toHaveCount(1); // day 1 is today

  const form = page.getByRole('form', { name: 'メンタリング記録フォーム' });
  await form.getByRole('button', { name: '追加する' }).click();
  await expect(form.getByText('メンタリング日時は必須です')).toBeVisible();
  await expect(form.getByText('内容は必須です')).toBeVisible();
  await form.getByLabel('メンタリング日時').fill('2026-11-20 19:00');
  await form.getByLabel('内容').fill('課題13の進め方を相談。次回までにテストを書く。');
  await form.getByRole('button', { name: '追加する' }).click();
  const record = page.getByTestId('mentoring-item').first();
  await expect(record).toContainText('課題13の進め方を相談。次回までにテストを書く。');
  await expect(record).toContainText('2026/11/20 19:00');
  // Its author edits it in place.
  await record.getByRole('button', { name: '編集' }).click();
  const edit = page.getByRole('form', { name: 'メンタリング記録の編集フォーム' });
  await expect(edit.getByLabel('メンタリング日時')).toHaveValue('2026-11-20 19:00');
  await edit.getByLabel('メンタリング日時').fill('2026-11-21 09:30');
  await edit.getByLabel('内容').fill('課題13の進め方を相談。テストは書けたので次は課題14。');
  await edit.getByRole('button', { name: '更新する' }).click();
  await expect(edit).toHaveCount(0);
  await expect(record).toContainText('テストは書けたので次は課題14。');
  await expect(record).toContainText('2026/11/21 09:30');

  await page.getByTestId('mentor-select').click();
  const option = page.getByRole('option').nth(1); // the first mentor after 未割り当て
  const mentor = (await option.innerText()).trim();
  await option.click();
  await page.getByRole('button', { name: '変更する' }).click();
  await expect(page.getByTestId('mentor-history')).toContainText(mentor);
  await screenshot(page, 'student.png');
});

test('a student sees their own Gantt chart on /mypage', async ({ page }) => {
  const student = createStudent(PASSWORD);
  await login(page, student.email, PASSWORD);
  await page.goto('/mypage');
  const chart = page.getByTestId('gantt-chart');
  await expect(chart.getByTestId('gantt-row')).toHaveCount(10);
  await expect(chart.locator('[data-weekday]').first()).toHaveText(/^[日月火水木金土]$/);
  await expect(page.getByTestId('next-task')).toBeVisible();
  await screenshot(page, 'mypage.png');
});
