// The links in transactional mails (password reset, invitation), read from the outbox with the
// camp CLI (`camp mail list` / `camp mail show --json`): the test daemon may not have delivered
// the mail yet, but the outbox row is written in the transaction that answered the request.
import assert from 'node:assert/strict';
import { camp } from './client.mjs';

/** The text body of the newest mail of `template` to `to`. */
export function newestMail(to, template) {
  const list = JSON.parse(camp('--json', 'mail', 'list', '--limit', '500'));
  const found = list.find((m) => m.to === to && m.template === template);
  assert.ok(found, `no ${template} mail to ${to} in the outbox`);
  return JSON.parse(camp('--json', 'mail', 'show', String(found.id)));
}

/** The 43-character id of the newest reset link mailed to `email`. */
export function resetToken(email) {
  const mail = newestMail(email, 'password_reset');
  const m = mail.text_body.match(/\/reset-password\/([A-Za-z0-9_-]{43})\/edit/);
  assert.ok(m, `no reset link in: ${mail.text_body}`);
  return m[1];
}

/** The 43-character id of the newest invitation link mailed to `email`. */
export function invitationId(email) {
  const mail = newestMail(email, 'invitation');
  const m = mail.text_body.match(/\/account\/new\/([A-Za-z0-9_-]{43})/);
  assert.ok(m, `no invitation link in: ${mail.text_body}`);
  return m[1];
}
