// 退会処理（匿名化） on an admin's student page (docs/privacy.md "Deletion requests"): the dialog
// says it is irreversible, needs a reason and the display name, and the page then names the
// student 退会したユーザー. Screenshots of the dialog at 1280 and 390 px go to the test's output.
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { createStudent, demo, login } from './support';

test('an admin anonymises a fresh student from the student page', async ({ page }, info) => {
  const student = createStudent();
  const record = JSON.parse(
    execFileSync(process.env.CAMP_BIN!, ['--json', 'students', 'show', student.email], {
      env: process.env,
      encoding: 'utf8',
    }),
  ) as { id: number };
  await login(page, demo.admin);
  await page.goto(`/students/${record.id}`);
  await page.getByRole('button', { name: '退会処理（匿名化）' }).click();
  const dialog = page.getByRole('dialog', { name: '退会処理（匿名化）' });
  await expect(dialog.getByText('この操作は取り消せません。', { exact: false })).toBeVisible();
  await page.screenshot({ path: info.outputPath('anonymise-dialog-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: info.outputPath('anonymise-dialog-390.png') });

  await dialog.getByRole('button', { name: '匿名化する' }).click();
  await expect(dialog.getByText('退会処理の理由は必須です')).toBeVisible();
  await dialog.getByRole('textbox', { name: /理由/ }).fill('本人からの削除依頼');
  await dialog.getByRole('textbox', { name: /表示名/ }).fill(student.nickname);
  await dialog.getByRole('button', { name: '匿名化する' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: '退会したユーザー' })).toBeVisible();
  await expect(page.getByRole('button', { name: '退会処理（匿名化）' })).toHaveCount(0);
});
