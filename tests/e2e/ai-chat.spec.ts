// The AI chat in Chromium with a fake OpenAI-compatible provider (tests/realtime/lib/fake-provider.mjs):
// a daemon of this spec's own talks to it (the suite's shared daemon has no provider and answers
// offline). Ask on the question list, watch the answer stream in, follow a source link; turn an
// answer that found nothing into a draft question.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { expect, test as base } from '@playwright/test';
// @ts-expect-error: a plain ES module shared with the realtime tests
import { reply, startFakeProvider } from '../realtime/lib/fake-provider.mjs';
import { demo, login } from './support';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const test = base.extend<object, { aiDaemon: string }>({
  aiDaemon: [
    async ({}, use) => {
      const fake = await startFakeProvider();
      const port = await freePort();
      const bin = process.env.CAMPD_BIN;
      if (!bin) throw new Error('CAMPD_BIN must point at campd (scripts/test exports it)');
      const child: ChildProcess = spawn(bin, [], {
        env: {
          ...process.env,
          CAMP_LISTEN: `127.0.0.1:${port}`,
          CAMP_PUBLIC_URL: `http://127.0.0.1:${port}`,
          CAMP_AI_CHAT_BASE_URL: fake.baseUrl,
          CAMP_LOG_LEVEL: 'warn',
        },
        stdio: 'ignore',
      });
      const url = `http://127.0.0.1:${port}`;
      await expect
        .poll(async () => (await fetch(`${url}/readyz`).catch(() => null))?.ok ?? false, { timeout: 10_000 })
        .toBe(true);
      await use(url);
      child.kill('SIGKILL');
      await fake.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ aiDaemon }, use) => use(aiDaemon),
});

test('ask the AI on the question list: the answer streams in, and a source opens its question', async ({ page }) => {
  await login(page, demo.student);
  await page.goto('/questions');
  const panel = page.getByRole('region', { name: 'AIに聞く' });
  await expect(panel.getByText('投稿する前に、似た質問がないかAIに聞いてみましょう')).toBeVisible();
  // Where the student starts a question: under the heading, above the search and the list.
  const [panelBox, listBox] = await Promise.all([panel.boundingBox(), page.getByTestId('question-list').boundingBox()]);
  expect(panelBox!.y + panelBox!.height).toBeLessThan(listBox!.y);
  const send = panel.getByRole('button', { name: '送信' });
  await expect(send).toHaveCSS('background-color', 'rgb(194, 65, 12)'); // the theme's primary, not MUI's blue
  await panel.getByRole('textbox', { name: 'AIに聞く' }).fill('rails db:migrate で PG::UndefinedTable が出ます');
  await send.click();

  const answer = panel.getByTestId('ai-chat-answer');
  await expect(answer).toContainText(`${(reply as string[])[0]}${(reply as string[])[1]}`);
  await expect(answer.locator('code')).toHaveText('config/routes.rb'); // Markdown, rendered
  await expect(answer).toHaveAttribute('aria-busy', 'false');
  const source = answer
    .getByTestId('ai-chat-sources')
    .getByRole('link', { name: 'rails db:migrate で PG::UndefinedTable エラーが解決できない' });
  await source.click();
  await expect(page).toHaveURL(/\/questions\/\d+$/);
  await expect(
    page.getByRole('heading', { name: 'rails db:migrate で PG::UndefinedTable エラーが解決できない' }).first(),
  ).toBeVisible();
});

test('an answer the student cannot use becomes a draft question for the mentors', async ({ page }) => {
  await login(page, demo.student);
  await page.goto('/questions');
  const panel = page.getByRole('region', { name: 'AIに聞く' });
  await panel.getByRole('textbox', { name: 'AIに聞く' }).fill('Zyxwvut と Qwertzu の違いを教えてください');
  await panel.getByRole('button', { name: '送信' }).click();
  const answer = panel.getByTestId('ai-chat-answer');
  await expect(answer).toHaveAttribute('aria-busy', 'false');
  await expect(answer).toContainText('見つかりませんでした'); // nothing the school vouches for matched
  await panel.getByRole('button', { name: 'メンターに質問する' }).click();

  const dialog = page.getByRole('dialog', { name: '質問する' });
  await expect(dialog.getByRole('textbox', { name: 'タイトル' })).toHaveValue(
    'Zyxwvut と Qwertzu の違いを教えてください',
  );
  await expect(dialog.getByRole('textbox', { name: '本文 (Markdown)' })).toHaveValue(
    /> Zyxwvut と Qwertzu の違いを教えてください/,
  );
});

// The suite's own daemon has no provider: the offline answer quotes the matching passage of a task.
base(
  'offline, a quoted task reads as a quote: headings as bold lines, code as code, no empty block',
  async ({ page }) => {
    await login(page, demo.student);
    await page.goto('/questions');
    const panel = page.getByRole('region', { name: 'AIに聞く' });
    await panel.getByRole('textbox', { name: 'AIに聞く' }).fill('Flexbox と Grid の使い分けを教えてください');
    await panel.getByRole('button', { name: '送信' }).click();
    const answer = panel.getByTestId('ai-chat-answer');
    await expect(answer).toHaveAttribute('aria-busy', 'false');
    await expect(answer.locator('blockquote strong', { hasText: '課題の目的' }).first()).toBeVisible(); // a heading
    await expect(answer.getByRole('heading')).toHaveCount(0);
    await expect(answer.locator('blockquote pre code', { hasText: '<link rel="stylesheet"' })).toBeVisible();
    for (const block of await answer.locator('pre').all()) await expect(block).not.toHaveText(/^\s*$/);
  },
);
