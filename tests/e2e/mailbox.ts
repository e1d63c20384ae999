// The mails the test daemon delivered. scripts/test starts it without SMTP settings, so its
// delivery thread writes every mail to CAMP_DATA_DIR/mail/<id>-<message_key>.eml (docs/mail.md):
// that directory is the receiver. A mail is found by its outbox row (`camp mail list --json`),
// waited for until delivered (status "sent", polled by expect.poll, no fixed sleep), and its
// file is read back by Python's email package (tests/mail/inspect_mail.py), as a mail client would.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

interface OutboxRow {
  id: number;
  to: string;
  template: string;
  status: string;
}

function camp(...args: string[]): string {
  const bin = process.env.CAMP_BIN;
  if (!bin) throw new Error('CAMP_BIN must point at the camp CLI');
  return execFileSync(bin, args, { env: process.env, encoding: 'utf8' });
}

function dataDir(): string {
  const dir = process.env.CAMP_DATA_DIR;
  if (!dir) throw new Error('CAMP_DATA_DIR must be the test daemon data directory');
  return dir;
}

function sentMail(to: string, template: string): OutboxRow | undefined {
  const rows = JSON.parse(camp('--json', 'mail', 'list', '--limit', '500')) as OutboxRow[];
  return rows.find((r) => r.to === to && r.template === template && r.status === 'sent');
}

/** The text of the delivered mail of `template` to `to`, decoded from its .eml file. */
export async function deliveredText(to: string, template: string): Promise<string> {
  let row: OutboxRow | undefined;
  await expect
    .poll(() => (row = sentMail(to, template)), { message: `${template} mail to ${to} delivered`, timeout: 20_000 })
    .toBeTruthy();
  const dir = join(dataDir(), 'mail');
  const file = readdirSync(dir).find((f) => f.startsWith(`${row!.id}-`) && f.endsWith('.eml'));
  if (!file) throw new Error(`no .eml file for mail ${row!.id} in ${dir}`);
  const python = process.env.CAMP_TEST_PYTHON ?? '/usr/bin/python3';
  const script = join(__dirname, '..', 'mail', 'inspect_mail.py');
  const [parsed] = JSON.parse(execFileSync(python, [script, join(dir, file)], { encoding: 'utf8' })) as {
    text: string;
  }[];
  return parsed.text;
}

/** The link (path only, so the test's own base URL is used) of `pattern` in the mail. */
export async function linkPath(to: string, template: string, pattern: RegExp): Promise<string> {
  const text = await deliveredText(to, template);
  const m = text.match(pattern);
  if (!m) throw new Error(`no link matching ${pattern} in: ${text}`);
  return m[0];
}
