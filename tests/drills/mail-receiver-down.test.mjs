// Drill: the mail receiver down for an hour (docs/reliability.md), with the default retry
// policy (8 attempts, 60 s doubling up to an hour). The outbox's clock is the database's now();
// the drill injects time by moving every queued mail's due time back by the wait it was given,
// which is exactly the clock jumping forward by that wait, and keeps the sum: the receiver (a
// real SMTP server, tests/mail/receiver.py) comes up only once an hour has passed on that clock.
// Every mail is then delivered, once, and none was given up on.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { freePort, ownDatabase, smtpReceiver, startDaemon, waitFor } from './lib.mjs';

let db;
let daemon;
let receiver, receiverDir;
before(() => { db = ownDatabase('mail'); });
after(async () => {
  await daemon?.stop();
  if (receiver && receiver.exitCode === null) receiver.kill('SIGTERM');
  if (receiverDir) rmSync(receiverDir, { recursive: true, force: true });
  db?.remove();
});

test('SMTP down for an hour on the injected clock: every mail delivered once afterwards', async () => {
  const port = await freePort();  // nobody listens there for the first hour
  daemon = await startDaemon(db, {
    name: 'mail',
    env: { CAMP_MAIL_SMTP_URL: `smtp://127.0.0.1:${port}`, CAMP_MAIL_SMTP_STARTTLS: 'off', CAMP_MAIL_POLL_SECONDS: '1' },
  });
  const { queued } = JSON.parse(db.camp('--json', 'mail', 'test', '--to', 'down@example.com', '--count', '3'));
  assert.equal(queued, 3);
  const rows = () => db.sql("SELECT status || ' ' || attempts FROM mail_outbox ORDER BY id").split('\n');

  let clock = 0;  // seconds since the receiver went down, on the injected clock
  let attempts = 0;
  while (clock < 3600) {
    attempts++;
    await waitFor(`attempt ${attempts} of every mail`, () => rows().every((r) => r === `queued ${attempts}`));
    const wait = Number(db.sql("SELECT EXTRACT(EPOCH FROM max(next_attempt_at) - now()) FROM mail_outbox WHERE status = 'queued'"));
    assert.ok(wait > 0);
    clock += Math.ceil(wait);
    if (clock >= 3600) {
      receiverDir = mkdtempSync(join(tmpdir(), 'camp-drill-rcv-'));
      receiver = await smtpReceiver(port, receiverDir);
    }
    db.sql(`UPDATE mail_outbox SET next_attempt_at = next_attempt_at - make_interval(secs => ${Math.ceil(wait)}) WHERE status = 'queued'`);
  }
  assert.ok(clock >= 3600 && attempts <= 7, `an hour passed after ${attempts} failed attempts`);
  await waitFor('every mail sent', () => rows().every((r) => r === `sent ${attempts + 1}`), 30000);
  const files = readdirSync(receiverDir).filter((f) => f.endsWith('.eml'));
  assert.equal(files.length, 3, 'each mail arrived exactly once');
  assert.equal(db.sql("SELECT count(*) FROM mail_outbox WHERE status = 'failed'"), '0');
});
