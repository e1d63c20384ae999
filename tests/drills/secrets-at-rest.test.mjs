// Drill: no secret in a log or a dump (docs/design.md "Observability", docs/mail.md "Links",
// docs/questionnaires.md "Personal data", docs/events.md "Calendar"). Against one daemon logging
// text and one logging JSON lines (a database, a real SMTP server and the mails of their own):
// a calendar feed (and its reset with an Idempotency-Key), a questionnaire answer with an
// Idempotency-Key (and its replay), a password reset, an invitation (sent with an
// Idempotency-Key, replayed, accepted) and an unsubscribe, each link taken from the delivered
// mail and used the way a browser or a mail client would (the web app's page, then the API).
// Once every mail is out, neither daemon's log nor a pg_dump of the database may hold any
// token, link id, JWT, password or answer that was issued or sent.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { account, call, freePort, ownDatabase, readMails, smtpReceiver, startDaemon, waitFor } from './lib.mjs';

const JWT_SECRET = 'secrets-drill-jwt-secret-0123456789abcdef';
const run = `${process.pid}${Date.now().toString(36)}`;
const password = () => `Pw${randomBytes(6).toString('hex')}`;  // 14 characters, nowhere else

let db;
let receiver;
let mailDir;
const daemons = [];
before(async () => {
  db = ownDatabase('secrets');
  mailDir = mkdtempSync(join(tmpdir(), 'camp-drill-secrets-rcv-'));
  const smtp = await freePort();
  receiver = await smtpReceiver(smtp, mailDir);
  for (const format of ['text', 'json']) {
    const listen = `127.0.0.1:${await freePort()}`;
    daemons.push(await startDaemon(db, {
      name: `secrets-${format}`,
      env: {
        CAMP_LISTEN: listen, CAMP_PUBLIC_URL: `http://${listen}`, CAMP_JWT_SECRET: JWT_SECRET,
        CAMP_LOG_FORMAT: format, CAMP_LOG_LEVEL: 'info',
        CAMP_MAIL_SMTP_URL: `smtp://127.0.0.1:${smtp}`, CAMP_MAIL_SMTP_STARTTLS: 'off', CAMP_MAIL_POLL_SECONDS: '1',
      },
    }));
  }
});
after(async () => {
  for (const d of daemons) await d.stop();
  if (receiver && receiver.exitCode === null) receiver.kill('SIGTERM');
  if (mailDir) rmSync(mailDir, { recursive: true, force: true });
  db?.remove();
});

/** The newest delivered mail to `to` whose subject matches. */
const mailTo = (to, subject) => waitFor(`a mail "${subject}" to ${to}`, () =>
  readMails(mailDir).filter((m) => m.to === to && subject.test(m.subject)).at(-1));
const pathOf = (url) => new URL(url).pathname;
const status = async (res, expected) => {
  assert.equal(res.status, expected, `${res.status} ${res.text.slice(0, 300)}`);
  return res;
};

/** One whole flow against `d`: returns every secret and answer value it issued or sent. */
async function flow(d) {
  const issued = {};
  const graduate = await account(db, d.url, { role: 'graduate' });
  const admin = await account(db, d.url, { role: 'admin' });
  Object.assign(issued, { graduateJwt: graduate.token, adminJwt: admin.token });
  const feed = async (token) => pathOf((await status(await call(d.url, 'GET', '/api/v1/calendar_feed', { token }), 200)).json.url);
  const feedStatus = async (path) => (await call(d.url, 'GET', path)).status;

  // The calendar feed, and its reset with an Idempotency-Key (the record holds the new URL).
  const feedA = await feed(graduate.token);
  assert.equal(await feedStatus(feedA), 200);
  const resetKey = { 'idempotency-key': `feed-${run}-${d.url}` };
  const reset = await status(await call(d.url, 'POST', '/api/v1/calendar_feed/reset', { token: graduate.token, headers: resetKey }), 200);
  const again = await status(await call(d.url, 'POST', '/api/v1/calendar_feed/reset', { token: graduate.token, headers: resetKey }), 200);
  assert.equal(again.headers.get('idempotent-replayed'), 'true');
  assert.equal(again.json.url, reset.json.url, 'the replay opens the sealed answer');
  const feedB = pathOf(reset.json.url);
  assert.equal(await feedStatus(feedA), 404);
  assert.equal(await feedStatus(feedB), 200);
  // A mangled link is not the feed (the web app's page when it is installed, else a 404), and
  // the log holds it redacted like the real one (checked at the end).
  const mangled = await call(d.url, 'GET', `${feedB}/`);
  assert.ok([200, 404].includes(mangled.status), `${mangled.status}`);
  assert.ok(!String(mangled.headers.get('content-type')).includes('text/calendar'), 'a mangled link is not the feed');

  // A questionnaire answer with an Idempotency-Key; the retry gets the same answer back.
  const address = `東京都世田谷区太子堂${run}番地 ${d.url.slice(-5)}号`;
  const reason = `レビューが丁寧でした-${run}-${d.url.slice(-5)}`;
  const answer = {
    address, satisfactionLevel: '5', satisfactionReason: reason, helpfulnessLevel: '4',
    qualifications: ['ruby_silver'], reskillingEffectivenessLevels: ['skills', 'portfolio'],
  };
  const answerKey = { 'idempotency-key': `answer-${run}-${d.url}` };
  const path = '/api/v1/questionnaires/post-curriculum/answer';
  const first = await status(await call(d.url, 'POST', path, { token: graduate.token, json: { answer }, headers: answerKey }), 201);
  const replay = await status(await call(d.url, 'POST', path, { token: graduate.token, json: { answer }, headers: answerKey }), 201);
  assert.equal(replay.headers.get('idempotent-replayed'), 'true');
  assert.deepEqual(replay.json, first.json, 'the replay reads the answer back from its sealed row');
  assert.equal(first.json.answer.address, address);
  Object.assign(issued, { address, reason });

  // A password reset: the link from the received mail, the page, the API; the feed ends with it.
  assert.equal((await call(d.url, 'POST', '/api/v1/password_resets', { json: { password_reset: { email: graduate.email } } })).status, 202);
  const resetMail = await mailTo(graduate.email, /パスワード再設定/);
  const resetLink = resetMail.text.match(/https?:\/\/\S+\/reset-password\/([A-Za-z0-9_-]{43})\/edit/);
  assert.ok(resetLink, resetMail.text);
  const [resetUrl, resetToken] = resetLink;
  await call(d.url, 'GET', pathOf(resetUrl));  // the web app's page (200 with the app built, else 404)
  assert.equal((await call(d.url, 'GET', `${pathOf(resetUrl)}%0A`)).status, 404);  // a refused static path, logged
  await status(await call(d.url, 'GET', `/api/v1/password_resets/${resetToken}`), 200);
  const newPassword = password();
  await status(await call(d.url, 'PATCH', `/api/v1/password_resets/${resetToken}`,
    { json: { password_reset: { password: newPassword, password_confirmation: newPassword } } }), 204);
  assert.equal(await feedStatus(feedB), 404, 'a password reset ends the calendar feed');
  Object.assign(issued, { resetToken, newPassword, feedA, feedB });

  // Logged in again: a new feed, which `camp sessions revoke` ends.
  const login = await status(await call(d.url, 'POST', '/api/v1/account_token',
    { json: { auth: { email: graduate.email, password: newPassword } }, timeoutMs: 60000 }), 201);
  const feedC = await feed(login.json.jwt);
  assert.equal(await feedStatus(feedC), 200);
  db.camp('sessions', 'revoke', '--account', graduate.email);
  assert.equal(await feedStatus(feedC), 404, 'camp sessions revoke ends the calendar feed');
  Object.assign(issued, { graduateJwt2: login.json.jwt, feedC });

  // An invitation sent with an Idempotency-Key (its sealed answer: the invitee), replayed, accepted.
  const invited = `invited-${run}-${d.url.slice(-5)}@example.com`;
  const inviteKey = { 'idempotency-key': `invite-${run}-${d.url}` };
  const invite = { invitation: { email: invited, role: 'trial', nickname: '招待 花子' } };
  const made = await status(await call(d.url, 'POST', '/api/v1/invitations', { token: admin.token, json: invite, headers: inviteKey }), 201);
  const remade = await status(await call(d.url, 'POST', '/api/v1/invitations', { token: admin.token, json: invite, headers: inviteKey }), 201);
  assert.equal(remade.headers.get('idempotent-replayed'), 'true');
  assert.equal(remade.json.id, made.json.id);
  const inviteMail = await mailTo(invited, /アカウント登録/);
  const inviteLink = inviteMail.text.match(/https?:\/\/\S+\/account\/new\/([A-Za-z0-9_-]{43})/);
  assert.ok(inviteLink, inviteMail.text);
  const [inviteUrl, invitationId] = inviteLink;
  await call(d.url, 'GET', pathOf(inviteUrl));
  await status(await call(d.url, 'GET', `/api/v1/invitations/${invitationId}`), 200);
  const invitedPassword = password();
  const accepted = await status(await call(d.url, 'POST', `/api/v1/invitations/${invitationId}/acceptance`,
    { json: { invitation: { password: invitedPassword, password_confirmation: invitedPassword } }, timeoutMs: 60000 }), 201);
  Object.assign(issued, { invitationId, invitedPassword, invitedJwt: accepted.json.jwt });

  // An unsubscribe: the magazine's page link and its List-Unsubscribe one-click URL.
  const body = join(mailDir, `body-${d.url.slice(-5)}.txt`);
  writeFileSync(body, `卒業生のみなさん、こんにちは。${run}\n`);
  const cli = { ...process.env, CAMP_DATA_DIR: db.dir, CAMP_DATABASE_URL: db.url, CAMP_JWT_SECRET: JWT_SECRET, CAMP_PUBLIC_URL: d.url };
  execFileSync(process.env.CAMP_BIN, ['mail', 'magazine', 'send', '--subject', `ポテパン通信 ${run} ${d.url.slice(-5)}`,
    '--body-file', body, '--to', 'graduate'], { env: cli, stdio: 'ignore' });
  const magazine = await mailTo(graduate.email, new RegExp(`ポテパン通信 ${run} ${d.url.slice(-5)}`));
  const page = magazine.text.match(/https?:\/\/\S+\/unsubscribe-magazine\/([0-9]+)\.([A-Za-z0-9_-]{22})/);
  assert.ok(page, magazine.text);
  const oneClick = magazine.list_unsubscribe.slice(1, -1);
  assert.ok(oneClick.endsWith(`/${page[1]}.${page[2]}`), oneClick);
  await call(d.url, 'GET', pathOf(page[0]));
  await status(await call(d.url, 'GET', `/api/v1/mail_unsubscriptions/magazine/${page[1]}.${page[2]}`), 200);
  const stopped = await status(await call(d.url, 'POST', pathOf(oneClick), {
    headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click',
  }), 200);
  assert.equal(stopped.json.data.stopped, true);
  issued.unsubscribeTag = page[2];
  return issued;
}

// The paths of the access log's lines, in either format.
function loggedPaths(log, format) {
  const lines = log.split('\n').filter(Boolean);
  if (format === 'text') return lines.map((l) => l.split(' ')[4]).filter((p) => p?.startsWith('/'));
  return lines.flatMap((l) => {
    const msg = JSON.parse(l).msg;  // every line is one JSON object
    return msg.startsWith('{') ? [JSON.parse(msg).path] : [];
  });
}

test('no secret or answer in either log or in a pg_dump, whatever went through the daemons', async () => {
  const issued = [];
  for (const d of daemons) issued.push(await flow(d));
  // Everything delivered: the outbox keeps no link of a sent mail.
  await waitFor('every mail sent', () => db.sql("SELECT count(*) FROM mail_outbox WHERE status <> 'sent'") === '0');
  const dump = execFileSync('pg_dump', ['--no-owner', db.url], { encoding: 'utf8', maxBuffer: 256 << 20 });

  // The requests were logged (redacted), the dump holds the data: both greps below can fail.
  for (const [d, format] of [[daemons[0], 'text'], [daemons[1], 'json']]) {
    const paths = loggedPaths(d.log(), format);
    for (const expected of ['/calendar/[redacted].ics', '/calendar/[redacted].ics/', '/api/v1/password_resets/[redacted]',
      '/reset-password/[redacted]/edit', '/reset-password/[redacted]/edit%0A', '/account/new/[redacted]',
      '/api/v1/invitations/[redacted]', '/api/v1/invitations/[redacted]/acceptance', '/unsubscribe-magazine/[redacted]',
      '/api/v1/mail_unsubscriptions/magazine/[redacted]'])
      assert.ok(paths.includes(expected), `${format} log: no ${expected} in ${JSON.stringify(paths)}`);
    assert.match(d.log(), /refused static path \/reset-password\/\[redacted\]\/edit%0A/);
  }
  assert.match(dump, /COPY public\.questionnaire_answers/);
  assert.match(dump, /\{\{link:url\}\}/, 'the sent reset and invitation mails are in the dump, without their links');
  assert.ok(dump.includes(`invited-${run}`), 'the invitee is in the dump');

  const where = { 'text log': daemons[0].log(), 'JSON log': daemons[1].log(), 'pg_dump': dump };
  for (const values of issued) {
    const secrets = [...Object.entries(values), ['answer key', 'satisfactionReason'], ['answer key', 'reskillingEffectivenessLevels']];
    for (const [name, value] of secrets) {
      assert.ok(value && value.length >= 8, `${name} is a real value`);
      // A feed path is /calendar/<token>.ics: look for the token.
      const needle = name.startsWith('feed') ? value.split('/').at(-1).replace('.ics', '') : value;
      for (const [place, text] of Object.entries(where))
        assert.ok(!text.includes(needle), `${name} (${needle}) is in the ${place}`);
    }
  }
});
