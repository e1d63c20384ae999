import path from 'node:path';
import { expect, test } from '@playwright/test';
import { importTestCurriculum } from './curriculum-support';
import { demo, login } from './support';

// Screenshots of the curriculum and review pages for docs/webui.md, taken like screenshots.spec.ts (refreshed
// with CAMP_SCREENSHOT_DIR=$PWD/docs/screenshots). The demo student's submissions come from
// `camp db seed --demo` after the real curriculum was imported.
const dir = process.env.CAMP_SCREENSHOT_DIR ?? path.join(__dirname, '../../webui/test-results/screenshots');

test.beforeAll(() => importTestCurriculum());

test('screenshots of the curriculum list, a task and the review queue', async ({ page, browser }) => {
  await login(page, demo.student); // closes the demo student's welcome dialog if it shows
  await page.goto('/curriculums');
  await expect(page.getByTestId('curriculum-card').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(dir, 'curriculums.png') });

  await page.getByTestId('curriculum-card').first().getByRole('link').first().click();
  await expect(page.getByTestId('task-section').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(dir, 'curriculum-task.png') });

  const mentor = await browser.newPage();
  await login(mentor, demo.advancedMentor);
  await mentor.goto('/reviews?status=all');
  await expect(mentor.getByTestId('queue-filters')).toBeVisible();
  await expect(mentor.getByTestId('queue-total')).toBeVisible();
  await mentor.evaluate(() => document.fonts.ready);
  await mentor.screenshot({ path: path.join(dir, 'reviews.png') });
});
