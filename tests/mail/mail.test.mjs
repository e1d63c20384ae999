// The mail outbox end to end (docs/mail.md): daemons of their own on a database of their own
// (the shared test daemon would deliver our mails too), a real SMTP server on loopback
// (receiver.py, aiosmtpd), and Python's email package to read what arrived (inspect_mail.py).
// Needs CAMP_BIN, CAMPD_BIN (and CAMP_CONFIG) like the API tests; scripts/test sets them.
import assert from 'node:assert/strict';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { freePort, startOwnDaemon } from '../api/lib/own-daemon.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);
// Debian's interpreter, where python3-aiosmtpd is installed (not a pyenv or venv python on PATH).
const python = process.env.CAMP_TEST_PYTHON ?? '/usr/bin/python3';

const dbDir = mkdtempSync(join(tmpdir(), 'camp-mail-db-'));
const dbEnv = { ...process.env, CAMP_DATA_DIR: dbDir, CAMP_DATABASE_URL: '' };
let databaseUrl;
let cliEnv;

async function camp(...args) {
  const { stdout } = await run(process.env.CAMP_BIN, args, { env: cliEnv, encoding: 'utf8' });
  return stdout;
}
const campJson = async (...args) => JSON.parse(await camp('--json', ...args));

async function waitFor(what, check, ms = 30000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const emlFiles = (dir) => {
  try {
    return readdirSync(dir).filter((f) => f.endsWith('.eml')).map((f) => join(dir, f));
  } catch {
    return [];
  }
};
const inspect = async (files) =>
  JSON.parse((await run(python, [join(here, 'inspect_mail.py'), ...files], { maxBuffer: 64 << 20 })).stdout);

// A receiver.py on `port` writing into `dir`; resolves once it listens.
function startReceiver(port, dir) {
  const child = spawn(python, [join(here, 'receiver.py'), String(port), dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (c) => { err += c; });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`receiver exited ${code}: ${err}`)));
    child.stdout.on('data', (c) => {
      if (String(c).includes('ready')) resolve({
        dir,
        stop: () => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM'); }),
      });
    });
  });
}

// What a mail client must show: the outbox's own UTF-8 subject and text.
async function assertSameAsOutbox(parsed, id) {
  const row = await campJson('mail', 'show', String(id));
  assert.equal(parsed.subject, row.subject);
  assert.equal(parsed.text.replaceAll('\r\n', '\n'), row.text_body.replaceAll('\r\n', '\n'));
  assert.equal(parsed.html.replaceAll('\r\n', '\n'), row.html_body.replaceAll('\r\n', '\n'));
  assert.equal(parsed.message_id, row.message_id);
  assert.deepEqual(parsed.defects, []);
  assert.equal(parsed.bare_lf, 0);
  assert.ok(parsed.longest_line <= 78, `line of ${parsed.longest_line} characters`);
}

const smtpEnv = (port, extra = {}) => ({
  CAMP_DATABASE_URL: databaseUrl,
  CAMP_MAIL_SMTP_URL: `smtp://127.0.0.1:${port}`,
  CAMP_MAIL_SMTP_STARTTLS: 'off',
  CAMP_MAIL_RETRY_BASE_SECONDS: '1',
  CAMP_MAIL_RETRY_MAX_SECONDS: '2',
  CAMP_MAIL_POLL_SECONDS: '1',
  CAMP_MAIL_DELIVERY_THREADS: '2',
  ...extra,
});

before(() => {
  execFileSync(process.env.CAMP_BIN, ['db', 'start'], { env: dbEnv });
  execFileSync(process.env.CAMP_BIN, ['db', 'migrate'], { env: dbEnv });
  databaseUrl = execFileSync(process.env.CAMP_BIN, ['db', 'url'], { env: dbEnv, encoding: 'utf8' }).trim();
  cliEnv = { ...process.env, CAMP_DATA_DIR: dbDir, CAMP_DATABASE_URL: databaseUrl };
});

after(() => {
  execFileSync(process.env.CAMP_BIN, ['db', 'stop'], { env: dbEnv });
  rmSync(dbDir, { recursive: true, force: true });
});

describe('mail outbox', () => {
  test('without SMTP settings a daemon writes each mail as an .eml file that Python reads back', async () => {
    const daemon = await startOwnDaemon({ name: 'mail-eml', env: { CAMP_DATABASE_URL: databaseUrl, CAMP_MAIL_SMTP_URL: '' } });
    try {
      const { id } = await campJson('mail', 'test', '--to', 'student@example.com');
      const [file] = await waitFor('the .eml file', () => emlFiles(join(daemon.dir, 'mail')).length === 1 && emlFiles(join(daemon.dir, 'mail')));
      const [parsed] = await inspect([file]);
      assert.match(parsed.subject, /^【camp】メール送信設定の確認用テストメールです/);
      assert.match(parsed.text, /送信設定は正しく動作しています/);
      assert.equal(parsed.to, 'student@example.com');
      await assertSameAsOutbox(parsed, id);
      await waitFor('sent status', async () => (await campJson('mail', 'show', String(id))).status === 'sent');
    } finally {
      await daemon.stop();
    }
  });

  test('two daemons deliver 50 mails to a real SMTP server exactly once, in correct Japanese MIME', async () => {
    const port = await freePort();
    const receiver = await startReceiver(port, mkdtempSync(join(tmpdir(), 'camp-mail-rcv-')));
    const daemons = await Promise.all([1, 2].map((n) => startOwnDaemon({ name: `mail-${n}`, env: smtpEnv(port) })));
    try {
      const before = await campJson('mail', 'list', '--status', 'sent', '--limit', '10000');
      const { queued } = await campJson('mail', 'test', '--to', 'many@example.com', '--count', '50');
      assert.equal(queued, 50);
      // Each send happens before its mark in one transaction: once every mail is marked sent,
      // nothing more can arrive, so the count below is final.
      await waitFor('50 sent', async () => (await campJson('mail', 'list', '--status', 'queued')).length === 0);
      const sent = (await campJson('mail', 'list', '--status', 'sent', '--limit', '10000')).length - before.length;
      assert.equal(sent, 50);
      const files = emlFiles(receiver.dir);
      assert.equal(files.length, 50, 'each mail arrived exactly once');
      const parsed = await inspect(files);
      assert.equal(new Set(parsed.map((p) => p.message_id)).size, 50, 'no Message-ID twice');
      for (const p of parsed) assert.deepEqual(p.defects, []);
      const ids = (await campJson('mail', 'list', '--limit', '50')).map((m) => m.id);
      for (const id of ids.slice(0, 3)) {
        const shown = await campJson('mail', 'show', String(id));
        const match = parsed.find((p) => p.message_id === shown.message_id);
        assert.ok(match, `mail ${id} arrived`);
        await assertSameAsOutbox(match, id);
      }
    } finally {
      await Promise.all(daemons.map((d) => d.stop()));
      await receiver.stop();
    }
  });

  test('a receiver that is down gets the mail after a retry once it is up', async () => {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'camp-mail-rcv-'));
    const daemon = await startOwnDaemon({ name: 'mail-retry', env: smtpEnv(port, { CAMP_MAIL_MAX_ATTEMPTS: '20' }) });
    let receiver;
    try {
      const { id } = await campJson('mail', 'test', '--to', 'later@example.com');
      const failedOnce = await waitFor('a failed attempt', async () => {
        const m = await campJson('mail', 'show', String(id));
        return m.attempts >= 1 && m;
      });
      assert.equal(failedOnce.status, 'queued');
      assert.match(failedOnce.last_error, /smtp/i);
      receiver = await startReceiver(port, dir);
      const sent = await waitFor('delivery after the retry', async () => {
        const m = await campJson('mail', 'show', String(id));
        return m.status === 'sent' && m;
      });
      assert.ok(sent.attempts >= 2);
      const files = emlFiles(dir);
      assert.equal(files.length, 1);
      await assertSameAsOutbox((await inspect(files))[0], id);
    } finally {
      await daemon.stop();
      if (receiver) await receiver.stop();
    }
  });

  test('a mail that fails max_attempts times is marked failed, listed, and can be retried', async () => {
    const deadPort = await freePort();  // nobody listens there
    const daemon = await startOwnDaemon({ name: 'mail-fail', env: smtpEnv(deadPort, { CAMP_MAIL_MAX_ATTEMPTS: '2' }) });
    try {
      const { id } = await campJson('mail', 'test', '--to', 'never@example.com');
      await waitFor('the failed status', async () => (await campJson('mail', 'show', String(id))).status === 'failed');
      const failed = await campJson('mail', 'list', '--failed');
      const listed = failed.find((m) => m.id === id);
      assert.ok(listed, 'camp mail list --failed lists it');
      assert.equal(listed.attempts, 2);
      assert.match(listed.last_error, /connect|refused/i);
      const text = await camp('mail', 'list', '--failed');
      assert.match(text, new RegExp(`^${id}\\tfailed\\t2 tries`, 'm'));

      // Retried, it starts again from its first attempt: it fails after two more, not one.
      await camp('mail', 'retry', String(id));
      await waitFor('a new first attempt', async () => (await campJson('mail', 'show', String(id))).attempts === 1);
      const again = await waitFor('failing again', async () => {
        const m = await campJson('mail', 'show', String(id));
        return m.status === 'failed' && m;
      });
      assert.equal(again.attempts, 2);
    } finally {
      await daemon.stop();
    }
  });

  test('camp mail show and retry name unknown mails with exit code 4', async () => {
    await assert.rejects(camp('mail', 'show', '999999'), (e) => e.code === 4);
    await assert.rejects(camp('mail', 'retry', '999999'), (e) => e.code === 4);
    await assert.rejects(camp('mail', 'test', '--to', 'not an address'), (e) => e.code === 3);
    await assert.rejects(camp('mail', 'retry'), (e) => e.code === 2);
  });
});

describe('password reset and invitation mails through SMTP', () => {
  const mailTo = async (dir, to) => {
    const files = emlFiles(dir);
    if (files.length === 0) return null;
    return (await inspect(files)).find((p) => p.to === to) ?? null;
  };
  const post = (url, path, json, method = 'POST') =>
    fetch(url + path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) });

  test('a reset link from the received mail sets the password; an invitation link logs the new account in', async () => {
    const port = await freePort();
    const receiver = await startReceiver(port, mkdtempSync(join(tmpdir(), 'camp-mail-rcv-')));
    const daemon = await startOwnDaemon({ name: 'mail-auth', env: smtpEnv(port) });
    try {
      const email = `reset-${Date.now()}@example.com`;
      execFileSync(process.env.CAMP_BIN, ['accounts', 'create', '--email', email, '--role', 'trial'], { env: cliEnv, input: 'old-pass-123\n' });
      assert.equal((await post(daemon.url, '/api/v1/password_resets', { password_reset: { email } })).status, 202);
      const reset = await waitFor('the reset mail', () => mailTo(receiver.dir, email));
      assert.equal(reset.subject, '【ポテパンキャンプ】パスワード再設定のご案内');
      assert.deepEqual(reset.defects, []);
      const token = reset.text.match(/\/reset-password\/([A-Za-z0-9_-]{43})\/edit/)[1];
      assert.match(reset.html, new RegExp(`/reset-password/${token}/edit`));
      const patched = await post(daemon.url, `/api/v1/password_resets/${token}`,
        { password_reset: { password: 'new-pass-456', password_confirmation: 'new-pass-456' } }, 'PATCH');
      assert.equal(patched.status, 204);
      const login = await post(daemon.url, '/api/v1/account_token', { auth: { email, password: 'new-pass-456' } });
      assert.equal(login.status, 201);

      const invited = `invited-${Date.now()}@example.com`;
      await camp('accounts', 'invite', '--email', invited, '--role', 'trial', '--nickname', '招待 花子');
      const invitation = await waitFor('the invitation mail', () => mailTo(receiver.dir, invited));
      assert.equal(invitation.subject, '【ポテパンキャンプ】アカウント登録のご案内');
      assert.match(invitation.text, /^招待 花子 様/);
      const id = invitation.text.match(/\/account\/new\/([A-Za-z0-9_-]{43})/)[1];
      const accepted = await post(daemon.url, `/api/v1/invitations/${id}/acceptance`,
        { invitation: { password: 'hanako-pass1', password_confirmation: 'hanako-pass1' } });
      assert.equal(accepted.status, 201);
      const { jwt } = await accepted.json();
      const me = await fetch(`${daemon.url}/api/v1/accounts/me`, { headers: { authorization: `Bearer ${jwt}` } });
      assert.equal((await me.json()).email, invited);
    } finally {
      await daemon.stop();
      await receiver.stop();
    }
  });
});

describe('mail magazine', () => {
  test('a magazine arrives with List-Unsubscribe; after the one-click POST the next one does not', async () => {
    const secret = 'mail-magazine-test-secret-0123456789abcdef';
    const port = await freePort();
    const receiver = await startReceiver(port, mkdtempSync(join(tmpdir(), 'camp-mail-rcv-')));
    const daemon = await startOwnDaemon({
      name: 'mail-magazine', env: smtpEnv(port, { CAMP_JWT_SECRET: secret, CAMP_MAIL_DIGEST_ENABLED: 'false' }),
    });
    // The CLI signs the links with the daemon's secret and points them at the daemon.
    const env = { ...cliEnv, CAMP_JWT_SECRET: secret, CAMP_PUBLIC_URL: daemon.url };
    const cli = (...args) => execFileSync(process.env.CAMP_BIN, args, { env, encoding: 'utf8', input: 'pass-word-123\n' });
    const body = join(receiver.dir, 'body.txt');
    try {
      for (const who of ['keep', 'leave'])
        cli('accounts', 'create', '--email', `magazine-${who}@example.com`, '--role', 'graduate', '--course', 'rails_4m',
          '--nickname', who === 'keep' ? '読み続ける人' : 'やめる人');
      writeFileSync(body, '卒業生のみなさん、こんにちは。\n12月の勉強会は Hotwire がテーマです。\n');
      const first = JSON.parse(cli('--json', 'mail', 'magazine', 'send', '--subject', 'ポテパン通信 12月号', '--body-file', body,
        '--to', 'graduate'));
      assert.equal(first.queued, 2);
      const files = await waitFor('two magazines', () => emlFiles(receiver.dir).length === 2 && emlFiles(receiver.dir));
      const parsed = await inspect(files);
      const leave = parsed.find((p) => p.to === 'magazine-leave@example.com');
      assert.ok(leave, JSON.stringify(parsed.map((p) => p.to)));
      for (const p of parsed) {
        assert.equal(p.subject, 'ポテパン通信 12月号');
        assert.deepEqual(p.defects, []);
        assert.match(p.text, /Hotwire がテーマです/);
        assert.equal(p.list_unsubscribe_post, 'List-Unsubscribe=One-Click');
        assert.match(p.list_unsubscribe, new RegExp(`^<${daemon.url}/api/v1/mail_unsubscriptions/magazine/[0-9]+\\.[A-Za-z0-9_-]+>$`));
        const page = p.text.trim().split('\n').at(-1);
        assert.match(page, new RegExp(`^${daemon.url}/unsubscribe-magazine/[0-9]+\\.[A-Za-z0-9_-]+$`), 'the text ends with the page link');
      }
      // What a mail client does for RFC 8058: POST the form to the header's URL.
      const oneClick = leave.list_unsubscribe.slice(1, -1);
      const res = await fetch(oneClick, {
        method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click',
      });
      assert.equal(res.status, 200);
      assert.equal((await res.json()).data.stopped, true);

      const second = JSON.parse(cli('--json', 'mail', 'magazine', 'send', '--subject', 'ポテパン通信 1月号', '--body-file', body,
        '--to', 'graduate'));
      assert.equal(second.queued, 1);
      await waitFor('the queue empty', async () => (await campJson('mail', 'list', '--status', 'queued')).length === 0);
      const all = await inspect(emlFiles(receiver.dir));
      const january = all.filter((p) => p.subject === 'ポテパン通信 1月号');
      assert.deepEqual(january.map((p) => p.to), ['magazine-keep@example.com']);
    } finally {
      await daemon.stop();
      await receiver.stop();
    }
  });
});

// Last: its graduates would be in the magazine's audience.
describe('mails the notifications dispatcher queues', () => {
  // The event mails and the questionnaire reminder are domain events: whichever of two daemons
  // (or the CLI that recorded them) dispatches each, every mail arrives once, as each chose.
  test('two daemons and the CLI dispatch the event and questionnaire mails: each arrives once, as chosen', async () => {
    const port = await freePort();
    const receiver = await startReceiver(port, mkdtempSync(join(tmpdir(), 'camp-mail-rcv-')));
    const daemons = await Promise.all([1, 2].map((n) => startOwnDaemon({
      name: `mail-road-${n}`, env: smtpEnv(port, { CAMP_MAIL_DIGEST_ENABLED: 'false', CAMP_NOTIFICATIONS_SCAN_ENABLED: 'false' }),
    })));
    const cli = (...args) => execFileSync(process.env.CAMP_BIN, args, { env: cliEnv, encoding: 'utf8', input: 'pass-word-123\n' });
    const call = async (method, path, token, json) => {
      const res = await fetch(`${daemons[0].url}${path}`, {
        method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: json ? JSON.stringify(json) : undefined,
      });
      return { status: res.status, json: await res.json() };
    };
    const login = async (email) => (await call('POST', '/api/v1/account_token', null, { auth: { email, password: 'pass-word-123' } })).json.jwt;
    try {
      cli('accounts', 'create', '--email', 'road-admin@example.com', '--role', 'admin', '--nickname', '事務局');
      const people = {};
      for (const who of ['mailed', 'quiet'])
        people[who] = JSON.parse(cli('--json', 'accounts', 'create', '--email', `road-${who}@example.com`, '--role', 'graduate',
          '--course', 'rails_4m', '--nickname', who === 'mailed' ? 'メールで受け取る人' : 'お知らせは受け取らない人'));
      const quiet = await login('road-quiet@example.com');
      assert.equal((await call('PUT', '/api/v1/notification_preferences', quiet,
        { notification_preferences: { mail: { announcement: 'never' } } })).status, 200);

      const event = JSON.parse(cli('--json', 'events', 'create', '--title', '道の勉強会', '--date', '2031-05-10', '--start', '19:00',
        '--end', '21:00', '--capacity', '10'));
      cli('events', 'publish', String(event.id));
      for (const who of ['mailed', 'quiet']) {
        const token = who === 'quiet' ? quiet : await login(`road-${who}@example.com`);
        assert.equal((await call('POST', `/api/v1/events/${event.id}/participation`, token)).status, 201);
      }
      cli('events', 'remind', '--date', '2031-05-09');
      const admin = await login('road-admin@example.com');
      const reminded = await call('POST', '/api/v1/questionnaires/reminders', admin,
        { reminder: { kind: 'post-job-change', account_ids: [people.mailed.id, people.quiet.id] } });
      assert.deepEqual(reminded.json, { queued: 2, skipped: 0 });

      // 2 published + 2 reminders + 1 questionnaire reminder. Each event's mails are queued in the
      // transaction that dispatches it (once), so with five arrived and none queued, that is all.
      await waitFor('five mails arrived', async () => emlFiles(receiver.dir).length >= 5
        && (await campJson('mail', 'list', '--status', 'queued')).length === 0);
      const parsed = await inspect(emlFiles(receiver.dir));
      const got = (to) => parsed.filter((p) => p.to === to).map((p) => p.subject).sort();
      assert.deepEqual(got('road-mailed@example.com'), [
        '【ポテパンキャンプ】新しいイベント「道の勉強会」が公開されました',
        '【ポテパンキャンプ】明日は「道の勉強会」の開催日です',
        '【ポテパンキャンプ】転職後アンケートへのご回答のお願い',
      ].sort());
      assert.deepEqual(got('road-quiet@example.com'), [  // announcements: never; events: immediately
        '【ポテパンキャンプ】新しいイベント「道の勉強会」が公開されました',
        '【ポテパンキャンプ】明日は「道の勉強会」の開催日です',
      ].sort());
      for (const p of parsed) assert.deepEqual(p.defects, []);
      // In the app both are told of everything.
      const kinds = (await call('GET', '/api/v1/notifications?per=50', quiet)).json.data.map((n) => n.kind).sort();
      assert.deepEqual(kinds, ['event.published', 'event.reminder', 'questionnaire.reminded']);
    } finally {
      await Promise.all(daemons.map((d) => d.stop()));
      await receiver.stop();
    }
  });
});
