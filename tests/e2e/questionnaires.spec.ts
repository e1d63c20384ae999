import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createStudent, demo, DEMO_PASSWORD, login } from './support';

const FORM = '/subsidy/questionnaire/pre-curriculum-questionnaire';

// A select of the form, by the start of its label (required labels end with " *").
const select = (page: Page, label: string) => page.getByRole('combobox', { name: new RegExp(`^${label}`) });

test('a student fills the pre-curriculum questionnaire, confirms, completes, and meets the conflict page on a second try; the admin sees the answer and exports it', async ({
  page,
  browser,
}) => {
  test.slow(); // one form of twenty fields, four screens
  const student = createStudent();
  await login(page, student.email, 'pass-word-123');
  await page.goto(FORM);
  await expect(page.getByRole('heading', { name: '受講前アンケート' })).toBeVisible();

  // Nothing chosen: each required field says so in Japanese, under the field.
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByText('世帯構成を選択してください')).toBeVisible();
  await expect(page.getByText('これまでの転職回数を入力してください')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${FORM}$`));

  await select(page, '世帯構成').selectOption({ label: '単身' });
  await select(page, '最終学歴').selectOption({ label: '高等学校卒業' });
  await select(page, '専攻分野').selectOption({ label: '工学' });
  await select(page, 'お住まいの都道府県').selectOption({ label: '東京都' });
  // Employment details appear only for someone employed.
  await expect(select(page, '雇用形態')).toHaveCount(0);
  await page
    .getByRole('radiogroup', { name: /現在、就業していますか/ })
    .getByRole('radio', { name: 'はい' })
    .check();
  await expect(select(page, '雇用形態')).toBeVisible();
  await page
    .getByRole('radiogroup', { name: /現在、就業していますか/ })
    .getByRole('radio', { name: 'いいえ' })
    .check();
  await expect(select(page, '雇用形態')).toHaveCount(0);
  await select(page, '直近1年間の年収').selectOption({ label: '200万円以上300万円未満' });
  await page.getByRole('textbox', { name: /これまでの転職回数/ }).fill('2');
  await select(page, '最も長く経験した業種').selectOption({ label: '情報通信業' });
  // Dependent selects: the medium list waits for the major one, the minor for the medium.
  await expect(select(page, '最も長く経験した職種（中分類）')).toBeDisabled();
  await select(page, '最も長く経験した職種（大分類）').selectOption({ label: '専門的・技術的職業' });
  await select(page, '最も長く経験した職種（中分類）').selectOption({ label: '情報処理・通信技術者' });
  await select(page, '最も長く経験した職種（小分類）').selectOption({
    label: 'ソフトウェア開発技術者（Webアプリケーション）',
  });
  await page.getByRole('checkbox', { name: 'ITパスポート' }).check();
  await page.getByRole('checkbox', { name: '収入を上げたい' }).check();

  // What was typed survives leaving the page.
  await page.goto('/curriculums');
  await page.goto(FORM);
  await expect(select(page, '最も長く経験した職種（小分類）')).toHaveValue('B102');
  await page.getByRole('button', { name: '確認画面へ' }).click();

  // The confirm page shows the answers with their Japanese labels.
  await expect(page).toHaveURL(new RegExp(`${FORM}/confirm$`));
  const summary = page.getByTestId('answer-summary');
  for (const text of [
    '単身',
    '東京都',
    'いいえ',
    'ソフトウェア開発技術者（Webアプリケーション）',
    'ITパスポート',
    '2回',
  ])
    await expect(summary.getByText(text, { exact: true })).toBeVisible();
  await expect(summary.getByText('雇用形態')).toHaveCount(0);
  await page.getByRole('button', { name: '回答を送信する' }).click();
  await expect(page.getByTestId('questionnaire-complete')).toBeVisible();
  await expect(page).toHaveURL(/\/subsidy\/questionnaire\/complete/);

  // A second try: the conflict page.
  await page.goto(FORM);
  await expect(page.getByTestId('questionnaire-conflict')).toContainText('このアンケートは回答済みです');
  await expect(page).toHaveURL(new RegExp(`${FORM}/conflict$`));

  // The admin: the student is listed as answered, and the CSV export (with its reason) holds the answer.
  const admin = await (await browser.newContext()).newPage();
  await login(admin, demo.admin, DEMO_PASSWORD);
  await admin.goto(`/subsidy/questionnaires?kind=pre-curriculum&state=answered&q=${encodeURIComponent(student.email)}`);
  const status = admin.getByTestId('questionnaire-status');
  await expect(status.getByRole('row').filter({ hasText: student.email })).toContainText('回答済み');
  const exporting = admin.getByRole('region', { name: '回答の出力' });
  await exporting.getByRole('button', { name: 'ダウンロード' }).click();
  await expect(exporting.getByText('閲覧・出力の理由は必須です')).toBeVisible();
  await exporting.getByLabel('出力の理由').fill('助成金事務局への報告（e2e）');
  const download = admin.waitForEvent('download');
  await exporting.getByRole('button', { name: 'ダウンロード' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^questionnaire-pre-curriculum-\d{8}\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8');
  const line = csv.split('\r\n').find((l) => l.includes(student.email));
  expect(line).toContain('単身');
  expect(line).toContain('ソフトウェア開発技術者（Webアプリケーション）');
});
