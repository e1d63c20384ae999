import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createStudent, demo, DEMO_PASSWORD, login } from './support';

const PASSWORD = 'pass-word-123';

// Tomorrow in the school's time zone, as the date field wants it (YYYY-MM-DD).
function tomorrowInTokyo(): string {
  return new Date(Date.now() + 24 * 3600 * 1000).toLocaleDateString('sv-SE', { timeZone: 'Asia/Tokyo' });
}

async function newPage(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await login(page, email, password);
  return page;
}

test('the form shows the validation messages of the spec', async ({ page }) => {
  await login(page, demo.admin, DEMO_PASSWORD);
  await page.goto('/events/new');
  await page.getByRole('button', { name: '確認画面へ' }).click();
  for (const message of [
    'タイトルは必須です',
    '定員は必須です',
    '開催日は必須です',
    '開始時刻は必須です',
    '終了時刻は必須です',
  ])
    await expect(page.getByText(message)).toBeVisible();

  const capacity = page.getByLabel('定員');
  for (const [value, message] of [
    ['２０', '半角数字のみ入力してください'],
    ['0', '1名以上で設定してください'],
    ['1001', '1000名以下で設定してください'],
  ]) {
    await capacity.fill(value);
    await expect(page.getByText(message)).toBeVisible();
  }
  await page.getByLabel('ミーティングURL').fill('meet.example.com');
  await page.getByLabel('ミーティングURL').blur();
  await expect(page.getByText('不正なURLです')).toBeVisible();
  await page.getByLabel('タイトル').fill('   ');
  await page.getByLabel('タイトル').blur();
  await expect(page.getByText('タイトルは必須です')).toBeVisible();
  await expect(page).toHaveURL(/\/events\/new$/);
});

test('the admin creates, confirms and publishes; a student sees the badge, opens /events, joins, and the badge falls to 0', async ({
  browser,
}) => {
  test.slow(); // two accounts, a dozen screens
  const student = createStudent(PASSWORD);
  const title = `Rails もくもく会 ${randomBytes(3).toString('hex')}`;

  const admin = await newPage(browser, demo.admin, DEMO_PASSWORD);
  await admin.goto('/events');
  await admin.getByRole('button', { name: 'イベントを作成' }).click();
  await expect(admin).toHaveURL(/\/events\/new$/);
  await admin.getByLabel('タイトル').fill(title);
  await admin.getByLabel('タグ').selectOption({ label: 'もくもく会' });
  await admin.getByLabel('説明 (Markdown)').fill('## 内容\n各自の課題を**もくもく**進めます');
  await admin.getByLabel('定員').fill('20');
  await admin.getByLabel('開催日').fill(tomorrowInTokyo());
  await admin.getByLabel('開始時刻').fill('19:00');
  await admin.getByLabel('終了時刻').fill('21:00');
  await admin.getByLabel('ミーティングURL').fill('https://meet.example.com/mokumoku');
  await admin.getByRole('button', { name: '確認画面へ' }).click();

  // The preview, exactly as students will see it; back to the form keeps the draft.
  await expect(admin).toHaveURL(/\/events\/confirm$/);
  const preview = admin.getByTestId('event-card');
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview.getByText('もくもく会', { exact: true })).toBeVisible();
  await expect(preview.getByTestId('event-schedule')).toContainText('19:00〜21:00');
  await expect(preview.getByTestId('event-description').locator('strong')).toHaveText('もくもく');
  await admin.getByRole('button', { name: '編集に戻る' }).click();
  await expect(admin.getByLabel('タイトル')).toHaveValue(title);
  await admin.getByRole('button', { name: '確認画面へ' }).click();
  await admin.getByRole('button', { name: '公開する' }).click();
  const ask = admin.getByTestId('confirmation-dialog');
  await expect(ask).toContainText(/公開すると\d+名にお知らせのメールが届きます/);
  await ask.getByRole('button', { name: '公開する' }).click();
  await expect(admin).toHaveURL(/\/events$/);
  await expect(admin.getByTestId('event-card').filter({ hasText: title })).toBeVisible();

  // The student: the badge next to イベント, then the list, joining, and the badge gone.
  const page = await newPage(browser, student.email, PASSWORD);
  const badge = page.getByTestId('side-drawer').getByTestId('nav-badge-events');
  await expect(badge).toBeVisible();
  await page
    .getByTestId('side-drawer')
    .getByRole('link', { name: /イベント/ })
    .click();
  await expect(page).toHaveURL(/\/events$/);
  const card = page.getByTestId('event-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(badge).toBeHidden();
  await expect(card.getByTestId('event-capacity')).toHaveText('定員 20名 / 参加 0名');
  await expect(card.getByTestId('event-meeting-url')).toHaveCount(0);
  await page.getByRole('button', { name: 'カレンダー購読URL' }).click();
  await expect(page.getByTestId('calendar-feed-url')).toHaveValue(/\/calendar\/[A-Za-z0-9_-]+\.ics$/);

  await card.getByRole('button', { name: '参加する' }).click();
  await expect(card.getByRole('button', { name: '参加を取り消す' })).toBeVisible();
  await expect(card.getByTestId('event-capacity')).toHaveText('定員 20名 / 参加 1名');
  await expect(card.getByTestId('event-meeting-url')).toHaveText('https://meet.example.com/mokumoku');

  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'カレンダーに追加' }).click();
  expect((await download).suggestedFilename()).toMatch(/^event-\d+\.ics$/);

  await page.reload();
  await expect(page.getByTestId('event-card').filter({ hasText: title })).toBeVisible();
  await expect(badge).toBeHidden();

  // The admin sees who takes part, and gets the CSV for attendance.
  await admin.reload();
  await admin.getByTestId('event-card').filter({ hasText: title }).getByRole('button', { name: '参加者' }).click();
  const dialog = admin.getByRole('dialog', { name: `参加者: ${title}` });
  await expect(dialog.getByRole('table', { name: '参加者' })).toContainText(student.email);
  await expect(dialog.getByText('キャンセル待ち(0名)')).toBeVisible();
  const csv = admin.waitForEvent('download');
  await dialog.getByRole('button', { name: 'CSVをダウンロード' }).click();
  expect((await csv).suggestedFilename()).toMatch(/^event-\d+-participants\.csv$/);
});

test('the admin adds, renames and deletes a tag from the event form; the default tag stays', async ({ page }) => {
  const name = `輪読会 ${randomBytes(3).toString('hex')}`;
  await login(page, demo.admin, DEMO_PASSWORD);
  await page.goto('/events/new');
  await page.getByRole('button', { name: 'タグを管理' }).click();
  const dialog = page.getByRole('dialog', { name: 'タグを管理' });
  const items = dialog.getByTestId('tag-item');
  await expect(items.filter({ hasText: '勉強会' }).getByRole('button', { name: '削除' })).toHaveCount(0);

  await dialog.getByRole('button', { name: '追加' }).click();
  await expect(dialog.getByText('タグ名は必須です')).toBeVisible();
  await dialog.getByLabel('新しいタグ').fill('もくもく会');
  await dialog.getByRole('button', { name: '追加' }).click();
  await expect(dialog.getByText('同じ名前のタグがあります')).toBeVisible();
  await dialog.getByLabel('新しいタグ').fill(name);
  await dialog.getByRole('button', { name: '追加' }).click();
  await expect(items.filter({ hasText: name })).toHaveCount(1);
  await expect(page).toHaveURL(/\/events\/new$/); // the dialog's submit is not the event form's
  await expect(page.getByLabel('タグ').locator('option', { hasText: name })).toHaveCount(1);

  await items.filter({ hasText: name }).getByRole('button', { name: '名前を変更' }).click();
  await dialog.getByRole('textbox', { name: 'タグ名', exact: true }).fill(`${name} (月例)`);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(items.filter({ hasText: `${name} (月例)` })).toHaveCount(1);

  await items
    .filter({ hasText: `${name} (月例)` })
    .getByRole('button', { name: '削除' })
    .click();
  await page.getByTestId('confirmation-dialog').getByRole('button', { name: '削除する' }).click();
  await expect(items.filter({ hasText: name })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'とじる' }).click();
  await expect(page.getByLabel('タグ').locator('option', { hasText: name })).toHaveCount(0);
});

test('a U29 student gets 404 on /events', async ({ page }) => {
  await login(page, demo.u29, DEMO_PASSWORD);
  await page.goto('/events');
  await expect(page.getByText('This page could not be found')).toBeVisible();
});
