// The links in transactional mails (password reset, invitation), as delivered. The outbox keeps
// no link once a mail is sent, and `camp mail show` never prints one (docs/mail.md "Links"), so
// the tests read the mail the test daemon delivered: scripts/test starts it without SMTP
// settings, so each mail becomes CAMP_DATA_DIR/mail/<id>-<message_key>.eml, read back with
// Python's email package (tests/mail/inspect_mail.py) as a mail client would.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { camp } from './client.mjs';

const inspectMail = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'mail', 'inspect_mail.py');
const python = process.env.CAMP_TEST_PYTHON ?? '/usr/bin/python3';

/** The text of the newest mail of `template` to `to`, once the daemon has delivered it. */
export async function deliveredText(to, template) {
  const list = JSON.parse(camp('--json', 'mail', 'list', '--limit', '500'));
  const found = list.find((m) => m.to === to && m.template === template);
  assert.ok(found, `no ${template} mail to ${to} in the outbox`);
  const deadline = Date.now() + 20000;
  let mail;
  while ((mail = JSON.parse(camp('--json', 'mail', 'show', String(found.id)))).status !== 'sent') {
    assert.ok(Date.now() < deadline, `mail ${found.id} not delivered: ${mail.status} ${mail.last_error ?? ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const file = join(process.env.CAMP_DATA_DIR, 'mail', `${found.id}-${mail.message_key}.eml`);
  const [parsed] = JSON.parse(execFileSync(python, [inspectMail, file], { encoding: 'utf8' }));
  return parsed.text;
}

/** The 43-character id of the newest reset link mailed to `email`. */
export async function resetToken(email) {
  const text = await deliveredText(email, 'password_reset');
  const m = text.match(/\/reset-password\/([A-Za-z0-9_-]{43})\/edit/);
  assert.ok(m, `no reset link in: ${text}`);
  return m[1];
}

/** The 43-character id of the newest invitation link mailed to `email`. */
export async function invitationId(email) {
  const text = await deliveredText(email, 'invitation');
  const m = text.match(/\/account\/new\/([A-Za-z0-9_-]{43})/);
  assert.ok(m, `no invitation link in: ${text}`);
  return m[1];
}
