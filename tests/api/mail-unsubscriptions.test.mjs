// The unsubscribe links' API (docs/mail.md "Unsubscribe pages"): GET shows what stops, POST
// stops it, idempotently; the RFC 8058 one-click form POST works; a tampered, truncated or
// other-topic id is a 404 with the catalogue's message and changes nothing. No login.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, assertError, camp, createAccount, login } from './lib/client.mjs';

const INVALID = '配信停止のリンクが正しくありません。メールに記載されたリンクをもう一度お確かめください。';

/** {id, page_url, one_click_url} of a fresh account's link for `topic`, built by the CLI. */
function freshLink(topic, role = 'graduate') {
  const account = createAccount({ role, course: role === 'graduate' || role === 'student' ? 'rails_4m' : undefined });
  const link = JSON.parse(camp('--json', 'mail', 'unsubscribe-link', String(account.id), '--topic', topic));
  assert.equal(link.account_id, account.id);
  return { ...link, account };
}

const path = (topic, id) => `/api/v1/mail_unsubscriptions/${topic}/${id}`;

test('GET shows what stops, with the address masked; POST stops it; both idempotent', async () => {
  const link = freshLink('magazine');
  assert.equal(link.one_click_url.endsWith(path('magazine', link.id)), true, link.one_click_url);
  assert.ok(link.page_url.endsWith(`/unsubscribe-magazine/${link.id}`), link.page_url);
  const shown = await api('GET', path('magazine', link.id));
  assert.equal(shown.status, 200, shown.text);
  const [local, domain] = link.account.email.split('@');
  assert.deepEqual(shown.json.data, { topic: 'magazine', email: `${local[0]}***@${domain}`, stopped: false });
  assert.ok(!shown.text.includes(local), 'the address is never shown whole');

  const first = await api('POST', path('magazine', link.id));
  assert.equal(first.status, 200, first.text);
  assert.deepEqual(first.json.data, { topic: 'magazine', email: shown.json.data.email, stopped: true, changed: true });
  const second = await api('POST', path('magazine', link.id), { json: {} });
  assert.equal(second.status, 200, second.text);
  assert.equal(second.json.data.changed, false);
  assert.equal((await api('GET', path('magazine', link.id))).json.data.stopped, true);
  // Only the magazine stopped: the account's school link still shows mail flowing.
  const school = JSON.parse(camp('--json', 'mail', 'unsubscribe-link', String(link.account.id), '--topic', 'school'));
  assert.equal((await api('GET', path('school', school.id))).json.data.stopped, false);
});

test('stopping school mail shows every topic stopped', async () => {
  const link = freshLink('school', 'basic_mentor');
  assert.ok(link.page_url.endsWith(`/in_house_mng_system/unsubscription-to-email/${link.id}`), link.page_url);
  assert.equal((await api('POST', path('school', link.id))).status, 200);
  for (const topic of ['events', 'magazine']) {
    const other = JSON.parse(camp('--json', 'mail', 'unsubscribe-link', String(link.account.id), '--topic', topic));
    assert.equal((await api('GET', path(topic, other.id))).json.data.stopped, true, topic);
  }
});

test('RFC 8058 one-click: the form POST of a mail client unsubscribes', async () => {
  const link = freshLink('events');
  const res = await fetch(link.one_click_url.replace(/^https?:\/\/[^/]+/, process.env.CAMP_TEST_URL), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  assert.equal(res.status, 200);
  assert.equal((await res.json()).data.changed, true);
  // Through the contract-checked client too, with a charset and a second time.
  const again = await api('POST', path('events', link.id), {
    body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
  });
  assert.equal(again.status, 200, again.text);
  assert.equal(again.json.data.changed, false);
});

test('tampered, truncated, other-topic and unknown ids are a 404 with the message, and change nothing', async () => {
  const link = freshLink('magazine');
  const [account, tag] = link.id.split('.');
  const flip = (s, i) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
  const bad = [
    ['magazine', `${account}.${flip(tag, 0)}`],
    ['magazine', `${account}.${flip(tag, tag.length - 1)}`],
    ['magazine', `${account}.${tag.slice(0, -1)}`],
    ['magazine', `${account}.${tag}A`],
    ['magazine', `${account}.`],
    ['magazine', `${account}`],
    ['magazine', `.${tag}`],
    ['magazine', `${Number(account) + 1}.${tag}`],
    ['magazine', `0${account}.${tag}`],
    ['magazine', `99999999999999999999.${tag}`],
    ['events', link.id],
    ['school', link.id],
    ['newsletter', link.id],
    ['magazine', 'nothing'],
  ];
  for (const [topic, id] of bad) {
    for (const method of ['GET', 'POST']) {
      const res = await api(method, path(topic, encodeURIComponent(id)));
      const e = assertError(res, 404, 'not_found');
      assert.equal(e.message, INVALID, `${method} ${topic}/${id}`);
    }
  }
  assert.equal((await api('GET', path('magazine', link.id))).json.data.stopped, false, 'nothing changed');
});

test('no id at all is not a route (404)', async () => {
  assertError(await api('GET', '/api/v1/mail_unsubscriptions/magazine'), 404, 'not_found');
  assertError(await api('POST', '/api/v1/mail_unsubscriptions/magazine/'), 404, 'not_found');
});

test('bad bodies: other content types 415, broken JSON 400, a form without the pair 400, oversized 413; nothing changed', async () => {
  const link = freshLink('magazine');
  const p = path('magazine', link.id);
  assertError(await api('POST', p, { body: 'hello', headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type');
  assertError(await api('POST', p, { body: '<x/>', headers: { 'content-type': 'application/xml' } }), 415, 'unsupported_media_type');
  assertError(await api('POST', p, { body: '{"a":', headers: { 'content-type': 'application/json' } }), 400, 'malformed');
  assertError(await api('POST', p, { body: '[1]', headers: { 'content-type': 'application/json' } }), 400, 'malformed');
  assertError(await api('POST', p, { body: '\xff\xfe', headers: { 'content-type': 'application/json' } }), 400, 'malformed');
  for (const form of ['List-Unsubscribe=Two-Clicks', 'foo=bar', 'List-Unsubscribe'])
    assertError(await api('POST', p, { body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 400, 'malformed');
  const huge = 'List-Unsubscribe=One-Click&' + 'x'.repeat(2 * 1024 * 1024);
  assertError(await api('POST', p, { body: huge, headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 413, 'payload_too_large');
  assertError(await api('GET', `${path('magazine', '%FF')}`), 400, 'malformed');
  assertError(await api('GET', `${path('magazine', 'a%0Ab')}`), 400, 'malformed');
  assert.equal((await api('GET', p)).json.data.stopped, false, 'nothing changed');
  // Other parameters next to the pair are fine (some clients add their own).
  const ok = await api('POST', p, { body: 'x=1&List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  assert.equal(ok.status, 200, ok.text);
});

test('a logged-in caller gets the same answer: the id is the credential, not the session', async () => {
  const link = freshLink('magazine');
  const someone = createAccount({ role: 'admin' });
  const token = await login(someone.email, someone.password);
  const res = await api('GET', path('magazine', link.id), { token });
  assert.equal(res.status, 200);
  assert.equal(res.json.data.email.endsWith(link.account.email.split('@')[1]), true);
  const wrong = await api('GET', path('magazine', `${someone.id}.${link.id.split('.')[1]}`), { token });
  assertError(wrong, 404, 'not_found');
});
