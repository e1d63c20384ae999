// Events: authoring and its validation messages, who sees what (404 for U29,
// mentors and trial), joining and the waitlist, the meeting URL, the unread badge, the
// calendar feed (parsed by Debian's python3-icalendar: /usr/bin/python3), bad input.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  api, assertError, assertStatus, camp, createAndLogin, freshAddress, login, meUntil, patchBody, upload, uniqueEmail,
} from './lib/client.mjs';
import { png } from './lib/images.mjs';
import { resetToken } from './lib/mailbox.mjs';

let admin, student, student2, graduate, u29, mentor, trial;

before(async () => {
  // One after the other: logins share one slow lane (argon2id).
  admin = await createAndLogin({ role: 'admin' });
  student = await createAndLogin({ role: 'student', course: 'rails_4m' });
  student2 = await createAndLogin({ role: 'student', course: 'rails_5m' });
  graduate = await createAndLogin({ role: 'graduate', course: 'rails_4m' });
  u29 = await createAndLogin({ role: 'student', course: 'u29' });
  mentor = await createAndLogin({ role: 'advanced_mentor' });
  trial = await createAndLogin({ role: 'trial' });
});

// A date this many days from now, as the school writes it (Asia/Tokyo).
function day(offset) {
  const t = new Date(Date.now() + 9 * 3600 * 1000 + offset * 86400 * 1000);
  return t.toISOString().slice(0, 10);
}

function valid(extra = {}) {
  return {
    title: 'API テスト勉強会', tag_id: 2, description: '# 内容\n- Rails', capacity: '20',
    start_date: day(10), start_at: '19:00', end_at: '21:00', meeting_url: 'https://meet.example.com/api-test', ...extra,
  };
}

async function createEvent(extra = {}, { publish = true } = {}) {
  const res = await api('POST', '/api/v1/events', { token: admin.token, json: { event: valid(extra) } });
  assertStatus(res, 201);
  if (!publish) return res.json;
  const pub = await api('POST', `/api/v1/events/${res.json.id}/publish`, { token: admin.token });
  assertStatus(pub, 200);
  return pub.json;
}

function fields(res) {
  return assertError(res, 422, 'invalid').fields;
}

async function post(event, token = admin.token) {
  return api('POST', '/api/v1/events', { token, json: { event } });
}

test('creating answers the contract: a draft in the school\'s time', async () => {
  const e = await createEvent({}, { publish: false });
  assert.equal(e.status, 'draft');
  assert.equal(e.title, 'API テスト勉強会');
  assert.deepEqual(e.tag, { id: 2, name: 'もくもく会' });
  assert.equal(e.capacity, 20);
  assert.equal(e.start_date, day(10));
  assert.equal(e.start_at, '19:00');
  assert.equal(e.end_at, '21:00');
  assert.equal(e.starts_at, `${day(10)}T19:00:00+09:00`);
  assert.equal(e.ends_at, `${day(10)}T21:00:00+09:00`);
  assert.equal(e.meeting_url, 'https://meet.example.com/api-test');
  assert.equal(e.published_at, null);
  assert.equal(e.my_participation, null);
  // Drafts are the admin's: 404 to students.
  assertError(await api('GET', `/api/v1/events/${e.id}`, { token: student.token }), 404, 'not_found');
  const drafts = await api('GET', '/api/v1/events?scope=drafts', { token: admin.token });
  assert.ok(drafts.json.data.some((x) => x.id === e.id));
  assertError(await api('GET', '/api/v1/events?scope=drafts', { token: student.token }), 403, 'forbidden');
  assert.deepEqual(fields(await api('GET', '/api/v1/events?scope=soon', { token: student.token })).scope, ['upcoming, past か drafts を指定してください']);
});

test('every validation message, word for word', async () => {
  const empty = fields(await post({}));
  assert.deepEqual(empty.title, ['タイトルは必須です']);
  assert.deepEqual(empty.capacity, ['定員は必須です']);
  assert.deepEqual(empty.start_date, ['開催日は必須です']);
  assert.deepEqual(empty.start_at, ['開始時刻は必須です']);
  assert.deepEqual(empty.end_at, ['終了時刻は必須です']);
  assert.deepEqual(fields(await post(valid({ title: '  \t ' }))).title, ['タイトルは必須です']);
  assert.deepEqual(fields(await post(valid({ title: 'あ'.repeat(101) }))).title, ['タイトルは100文字以内でご入力ください']);
  assertStatus(await post(valid({ title: 'あ'.repeat(100) })), 201);
  for (const capacity of ['１０', '1.5', '-3', ' 5', 'abc', -3, 2.5, true]) {
    assert.deepEqual(fields(await post(valid({ capacity }))).capacity, ['半角数字のみ入力してください'], String(capacity));
  }
  for (const capacity of ['', null]) assert.deepEqual(fields(await post(valid({ capacity }))).capacity, ['定員は必須です']);
  for (const capacity of ['0', 0]) assert.deepEqual(fields(await post(valid({ capacity }))).capacity, ['1名以上で設定してください']);
  for (const capacity of ['1001', 1001, '99999999999999999999999', 1e30]) {
    assert.deepEqual(fields(await post(valid({ capacity }))).capacity, capacity === 1e30 ? ['半角数字のみ入力してください'] : ['1000名以下で設定してください'], String(capacity));
  }
  assert.equal((await post(valid({ capacity: 1000 }))).json.capacity, 1000);
  assert.deepEqual(fields(await post(valid({ start_date: '2026-02-30' }))).start_date, ['開催日が不正です']);
  assert.deepEqual(fields(await post(valid({ start_date: '12/05' }))).start_date, ['開催日が不正です']);
  assert.deepEqual(fields(await post(valid({ start_at: '25:00' }))).start_at, ['時刻はHH:MMの形式で入力してください']);
  assert.deepEqual(fields(await post(valid({ end_at: '19:00' }))).end_at, ['終了時刻は開始時刻より後に設定してください']);
  assert.deepEqual(fields(await post(valid({ end_at: '18:00' }))).end_at, ['終了時刻は開始時刻より後に設定してください']);
  for (const meeting_url of ['javascript:alert(1)', 'https://', 'meet.example.com', 'https://a b.example.com']) {
    assert.deepEqual(fields(await post(valid({ meeting_url }))).meeting_url, ['不正なURLです'], meeting_url);
  }
  assert.equal((await post(valid({ meeting_url: '' }))).json.meeting_url, null);
  assert.deepEqual(fields(await post(valid({ tag_id: 999999 }))).tag_id, ['タグが存在しません']);
  assert.deepEqual(fields(await post(valid({ tag_id: 99999999999 }))).tag_id, ['タグが存在しません']);
  assert.deepEqual(fields(await post(valid({ tag_id: -1 }))).tag_id, ['タグが存在しません']);
  assert.equal((await post(valid({ tag_id: null }))).json.tag.id, 1);
  assert.deepEqual(fields(await post(valid({ description: 'x'.repeat(10001) }))).description, ['説明は10000文字以内でご入力ください']);
  assert.deepEqual(fields(await post(valid({ image_url: 'https://evil.example.com/a.png' }))).image_url, ['アップロードした画像のURLを指定してください']);
  const up = await upload(admin.token, png(), { fileType: 'event' });
  assertStatus(up, 201);
  assert.match(up.json.file_url, /^\/uploads\/event\//);
  assert.equal((await post(valid({ image_url: up.json.file_url }))).json.image_url, up.json.file_url);
});

test('a title is one line (it goes into mail subjects): refused on create and update', async () => {
  const ONE_LINE = ['タイトルに改行や制御文字は使用できません'];
  for (const title of ['一行目\n二行目', 'a\rb', 'タブ\tあり', 'a\u2028b', 'a\u0085b', 'esc\u001b[31m'])
    assert.deepEqual(fields(await post(valid({ title }))).title, ONE_LINE, JSON.stringify(title));
  const e = await createEvent({ title: '改行のない勉強会' }, { publish: false });
  const patched = await api('PATCH', `/api/v1/events/${e.id}`, { token: admin.token, json: { event: { title: '件名\r\nBcc: x@example.com' } } });
  assert.deepEqual(fields(patched).title, ONE_LINE);
  // Line breaks around the title are trimmed, not refused.
  const published = await api('POST', `/api/v1/events/${e.id}/publish`, { token: admin.token });
  assert.equal(published.json.title, '改行のない勉強会');
  assert.equal((await createEvent({ title: '\n前後の改行は取り除く\n' }, { publish: false })).title, '前後の改行は取り除く');
});

test("an event image is an admin's upload of kind event: a student's, a made-up name or an avatar → 422", async () => {
  const OWN_UPLOAD = 'アップロードした画像のURLを指定してください';
  const studentUpload = await upload(student.token, png(), { fileType: 'event' });
  const avatar = await upload(admin.token, png(), { fileType: 'profile' });
  const otherAdmin = await createAndLogin({ role: 'admin' });
  const theirs = await upload(otherAdmin.token, png(), { fileType: 'event' });
  for (const res of [studentUpload, avatar, theirs]) assertStatus(res, 201);
  const madeUp = theirs.json.file_url.replace(/[0-9a-f]{32}/, 'cd'.repeat(16));
  for (const image_url of [studentUpload.json.file_url, madeUp, avatar.json.file_url])
    assert.deepEqual(fields(await post(valid({ image_url }))).image_url, [OWN_UPLOAD], image_url);
  // Another admin's upload is the school's; an update that keeps the image, or changes it to a
  // student's file, is judged the same way.
  const created = await post(valid({ image_url: theirs.json.file_url }));
  assertStatus(created, 201);
  const patch = (event) => api('PATCH', `/api/v1/events/${created.json.id}`, { token: admin.token, json: { event } });
  assertStatus(await patch({ title: '画像はそのまま', image_url: theirs.json.file_url }), 200);
  assert.deepEqual(fields(await patch({ image_url: studentUpload.json.file_url })).image_url, [OWN_UPLOAD]);
  assert.equal((await api('GET', `/api/v1/events/${created.json.id}`, { token: admin.token })).json.image_url, theirs.json.file_url);
});

test('bad input: never a 500', async () => {
  const raw = (body, type = 'application/json') => api('POST', '/api/v1/events', { token: admin.token, body, headers: { 'content-type': type } });
  assertError(await raw('{"event":'), 400, 'malformed');
  assertError(await raw('[]'), 400, 'malformed');
  assertError(await raw('{"event":"x"}'), 400, 'malformed');
  assertError(await raw('{"event":{}}', 'text/plain'), 415);
  assertError(await raw(JSON.stringify({ event: { description: 'x'.repeat(2 * 1024 * 1024) } })), 413);
  assertError(await raw(Buffer.concat([Buffer.from('{"event":{"title":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}}')])), 400, 'malformed');
  const types = fields(await post({ title: 5, start_date: [], start_at: {}, end_at: false, meeting_url: 3, tag_id: 'x' }));
  for (const f of ['title', 'start_date', 'start_at', 'end_at', 'meeting_url', 'tag_id']) assert.ok(types[f], f);
  assertError(await post(valid({ title: 'a\u0000b' })), 422, 'invalid');
  assertError(await api('GET', '/api/v1/events/99999999999', { token: student.token }), 404, 'not_found');
  assertError(await api('GET', '/api/v1/events/1234567890123456789012', { token: student.token }), 404);
  assertError(await api('PATCH', '/api/v1/events/99999999999', { token: admin.token, json: { event: { title: 'x' } } }), 404);
  assertError(await api('POST', '/api/v1/events/99999999999/participation', { token: student.token }), 404);
  assertError(await api('GET', '/api/v1/events?page=0', { token: student.token }), 400);
  assertError(await api('GET', '/api/v1/events?per=100000000000000000000', { token: student.token }), 400);
  assertError(await api('GET', '/api/v1/events?scope=%FF', { token: student.token }), 400);
  assertError(await api('PATCH', '/api/v1/event_tags/99999999999', { token: admin.token, json: { event_tag: { name: 'x' } } }), 404);
  assert.deepEqual(fields(await api('POST', '/api/v1/event_tags', { token: admin.token, json: { event_tag: { name: 7 } } })).name, ['タグ名は必須です']);
});

test('who sees events: 404 for U29, mentors and trial; 401 anonymous', async () => {
  const e = await createEvent();
  for (const who of [u29, mentor, trial]) {
    assertError(await api('GET', '/api/v1/events', { token: who.token }), 404, 'not_found');
    assertError(await api('GET', `/api/v1/events/${e.id}`, { token: who.token }), 404, 'not_found');
    assertError(await api('GET', '/api/v1/events/unread_count', { token: who.token }), 404, 'not_found');
    assertError(await api('POST', `/api/v1/events/${e.id}/participation`, { token: who.token }), 404, 'not_found');
    assertError(await api('GET', '/api/v1/calendar_feed', { token: who.token }), 404, 'not_found');
  }
  assertError(await api('GET', '/api/v1/events'), 401, 'unauthenticated');
  assertError(await api('GET', '/api/v1/events/unread_count'), 401, 'unauthenticated');
  assertError(await api('POST', '/api/v1/events', { token: student.token, json: { event: valid() } }), 403, 'forbidden');
});

test('unread count per role falls to 0 once /events is opened', async () => {
  const me = await createAndLogin({ role: 'graduate', course: 'rails_5m' });
  await createEvent();
  const before = await api('GET', '/api/v1/events/unread_count', { token: me.token });
  assertStatus(before, 200);
  assert.ok(before.json.unread_count >= 1);
  assertStatus(await api('GET', '/api/v1/events', { token: me.token }), 200);
  assert.deepEqual((await api('GET', '/api/v1/events/unread_count', { token: me.token })).json, { unread_count: 0 });
  await createEvent({ title: 'もう一つの勉強会' });
  assert.deepEqual((await api('GET', '/api/v1/events/unread_count', { token: me.token })).json, { unread_count: 1 });
  // Drafts do not count.
  await createEvent({ title: '下書き' }, { publish: false });
  assert.deepEqual((await api('GET', '/api/v1/events/unread_count', { token: me.token })).json, { unread_count: 1 });
  assertError(await api('GET', '/api/v1/events/unread_count', { token: admin.token }), 403, 'forbidden');
});

test('joining, the waitlist, the meeting URL and leaving', async () => {
  const e = await createEvent({ capacity: 1 });
  assert.equal(e.meeting_url, 'https://meet.example.com/api-test');  // admins see it
  const first = await api('POST', `/api/v1/events/${e.id}/participation`, { token: student.token });
  assertStatus(first, 201);
  assert.equal(first.json.event.my_participation, 'participant');
  assert.equal(first.json.event.meeting_url, 'https://meet.example.com/api-test');
  const again = await api('POST', `/api/v1/events/${e.id}/participation`, { token: student.token });
  assertStatus(again, 200);
  assert.deepEqual(again.json, first.json);
  const waiting = await api('POST', `/api/v1/events/${e.id}/participation`, { token: graduate.token });
  assertStatus(waiting, 201);
  assert.equal(waiting.json.event.my_participation, 'waitlisted');
  assert.equal(waiting.json.event.waitlist_position, 1);
  assert.equal(waiting.json.event.meeting_url, null);
  assert.equal((await api('GET', `/api/v1/events/${e.id}`, { token: student2.token })).json.meeting_url, null);

  const lower = await api('PATCH', `/api/v1/events/${e.id}`, { token: admin.token, json: { event: { capacity: '0' } } });
  assert.deepEqual(fields(lower).capacity, ['1名以上で設定してください']);

  const parts = await api('GET', `/api/v1/events/${e.id}/participants`, { token: admin.token });
  assertStatus(parts, 200);
  assert.deepEqual(parts.json.data.map((p) => [p.account.id, p.status, p.position]),
    [[student.account.id, 'participant', 1], [graduate.account.id, 'waitlisted', 1]]);
  const csv = await api('GET', `/api/v1/events/${e.id}/participants?format=csv`, { token: admin.token });
  assertStatus(csv, 200);
  assert.match(csv.headers.get('content-type'), /^text\/csv/);
  assert.equal(csv.text.split('\r\n')[0], 'account_id,display_name,email,status,position,joined_at');
  assert.ok(csv.text.includes(`${graduate.account.id},`));
  assertError(await api('GET', `/api/v1/events/${e.id}/participants`, { token: student.token }), 403);

  const left = await api('DELETE', `/api/v1/events/${e.id}/participation`, { token: student.token });
  assertStatus(left, 200);
  assert.equal(left.json.event.my_participation, null);
  const moved = await api('GET', `/api/v1/events/${e.id}`, { token: graduate.token });
  assert.equal(moved.json.my_participation, 'participant');
  assert.equal(moved.json.meeting_url, 'https://meet.example.com/api-test');
  assert.equal(moved.json.participants_count, 1);
  assert.equal(moved.json.waitlist_count, 0);
});

test('capacity below the participants is refused with the N名 message', async () => {
  const e = await createEvent({ capacity: 5 });
  for (const who of [student, student2, graduate]) assertStatus(await api('POST', `/api/v1/events/${e.id}/participation`, { token: who.token }), 201);
  const res = await api('PATCH', `/api/v1/events/${e.id}`, { token: admin.token, json: { event: { capacity: 2 } } });
  assert.deepEqual(fields(res).capacity, ['3名(現在の参加人数)以上で設定してください']);
  const ok = await api('PATCH', `/api/v1/events/${e.id}`, { token: admin.token, json: { event: { capacity: '3', end_at: '22:30' } } });
  assertStatus(ok, 200);
  assert.equal(ok.json.capacity, 3);
  assert.equal(ok.json.end_at, '22:30');
  assert.equal(ok.json.start_at, '19:00');
  assert.deepEqual(fields(await api('PATCH', `/api/v1/events/${e.id}`, { token: admin.token, json: { event: { start_at: '23:00' } } })).end_at,
    ['終了時刻は開始時刻より後に設定してください']);
});

test('cancelling: joins refused, the event stays listed as cancelled', async () => {
  const e = await createEvent();
  assertStatus(await api('POST', `/api/v1/events/${e.id}/participation`, { token: student.token }), 201);
  const c = await api('POST', `/api/v1/events/${e.id}/cancel`, { token: admin.token });
  assertStatus(c, 200);
  assert.equal(c.json.status, 'cancelled');
  assertError(await api('POST', `/api/v1/events/${e.id}/participation`, { token: graduate.token }), 422);
  assertError(await api('PATCH', `/api/v1/events/${e.id}`, { token: admin.token, json: { event: { title: 'x' } } }), 422);
  const draft = await createEvent({}, { publish: false });
  assertError(await api('POST', `/api/v1/events/${draft.id}/cancel`, { token: admin.token }), 422);
});

test('the calendar feed holds only joined events and parses with icalendar', async () => {
  const me = await createAndLogin({ role: 'student', course: 'rails_4m' });
  const joined = await createEvent({ title: 'カレンダー, 参加; する\\イベント', description: '説明'.repeat(60) });
  const other = await createEvent({ title: 'カレンダー 参加しない' });
  assertStatus(await api('POST', `/api/v1/events/${joined.id}/participation`, { token: me.token }), 201);
  const feed = await api('GET', '/api/v1/calendar_feed', { token: me.token });
  assertStatus(feed, 200);
  const url = new URL(feed.json.url);
  assert.match(url.pathname, /^\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  assert.deepEqual((await api('GET', '/api/v1/calendar_feed', { token: me.token })).json, feed.json);
  const ics = await api('GET', url.pathname);
  assertStatus(ics, 200);
  assert.match(ics.headers.get('content-type'), /^text\/calendar/);
  const parsed = JSON.parse(execFileSync('/usr/bin/python3', ['-c', `
import sys, json, icalendar
cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
out = []
for ev in cal.walk('VEVENT'):
    out.append({'uid': str(ev['UID']), 'summary': str(ev['SUMMARY']), 'tzid': ev['DTSTART'].params.get('TZID'),
                'start': ev.decoded('DTSTART').isoformat(), 'status': str(ev['STATUS']), 'desc': str(ev['DESCRIPTION'])})
print(json.dumps({'tz': [str(t['TZID']) for t in cal.walk('VTIMEZONE')], 'events': out}))
`], { input: ics.bytes, encoding: 'utf8' }));
  assert.deepEqual(parsed.tz, ['Asia/Tokyo']);
  assert.equal(parsed.events.length, 1);
  const [ev] = parsed.events;
  assert.equal(ev.uid, `event-${joined.id}@${url.hostname}`);
  assert.equal(ev.summary, 'カレンダー, 参加; する\\イベント');
  assert.equal(ev.desc, '説明'.repeat(60));
  assert.equal(ev.tzid, 'Asia/Tokyo');
  assert.equal(ev.start, `${day(10)}T19:00:00+09:00`);
  assert.equal(ev.status, 'CONFIRMED');
  assert.ok(!ics.text.includes(`event-${other.id}@`));
  for (const line of ics.text.split('\r\n')) assert.ok(Buffer.byteLength(line) <= 75, line);

  assertStatus(await api('POST', `/api/v1/events/${joined.id}/cancel`, { token: admin.token }), 200);
  assert.ok((await api('GET', url.pathname)).text.includes('STATUS:CANCELLED'));

  const reset = await api('POST', '/api/v1/calendar_feed/reset', { token: me.token });
  assertStatus(reset, 200);
  assert.notEqual(reset.json.url, feed.json.url);
  assertError(await api('GET', url.pathname), 404, 'not_found');
  assertStatus(await api('GET', new URL(reset.json.url).pathname), 200);
  for (const bad of ['/calendar/short.ics', `/calendar/${'a'.repeat(43)}.ics`, `/calendar/${'%2e'.repeat(20)}.ics`, '/calendar/.ics']) {
    assert.equal((await api('GET', bad)).status, 404, bad);
  }
});

// docs/events.md "Ending every session ends the feed too": camp sessions revoke, an admin's
// e-mail change, the account's own e-mail change and a password reset each kill the old feed URL.
test('ending every session replaces the calendar feed URL', async () => {
  const me = await createAndLogin({ role: 'student', course: 'rails_4m' });
  let token = me.token;
  let password = me.account.password;
  const feedPath = async () => {
    const res = await api('GET', '/api/v1/calendar_feed', { token });
    assertStatus(res, 200);
    return new URL(res.json.url).pathname;
  };
  const account = (await api('GET', '/api/v1/accounts/me', { token })).json;
  const seen = new Set();
  const ends = async (what, action) => {
    const before = await feedPath();
    assertStatus(await api('GET', before), 200);
    seen.add(before);
    await action();
    assertError(await api('GET', before), 404, 'not_found');
    const after = await feedPath();
    assert.ok(!seen.has(after), `${what}: a new feed URL`);
    assertStatus(await api('GET', after), 200);
  };

  await ends('camp sessions revoke', async () => {
    camp('sessions', 'revoke', '--account', account.email);
    assertError(await meUntil(token, (r) => r.status === 401), 401);
    token = await login(account.email, password);
  });
  await ends("an admin's e-mail change", async () => {
    account.email = uniqueEmail('feed-moved');
    const res = await api('PATCH', `/api/v1/accounts/${account.id}`, {
      token: admin.token, json: patchBody(account, { personemail: account.email, current_password: admin.account.password }),
    });
    assertStatus(res, 200);
    assertError(await api('GET', '/api/v1/accounts/me', { token }), 401);
    token = await login(account.email, password);
  });
  await ends('its own e-mail change (which keeps the session it used)', async () => {
    account.email = uniqueEmail('feed-self');
    const res = await api('PATCH', `/api/v1/accounts/${account.id}`, {
      token, json: patchBody(account, { personemail: account.email, current_password: password }),
    });
    assertStatus(res, 200);
  });
  await ends('a password reset', async () => {
    const asked = await api('POST', '/api/v1/password_resets', {
      json: { password_reset: { email: account.email } }, headers: { 'x-forwarded-for': freshAddress() },
    });
    assertStatus(asked, 202);
    const link = await resetToken(account.email);
    password = 'feed-reset-pw-1';
    assertStatus(await api('PATCH', `/api/v1/password_resets/${link}`, {
      json: { password_reset: { password, password_confirmation: password } },
    }), 204);
    assertError(await api('GET', '/api/v1/accounts/me', { token }), 401);
    token = await login(account.email, password);
  });
});

test('add to calendar: one event as iCalendar', async () => {
  const e = await createEvent({ title: '追加用イベント' });
  const res = await api('GET', `/api/v1/events/${e.id}.ics`, { token: student.token });
  assertStatus(res, 200);
  assert.match(res.text, /^BEGIN:VCALENDAR\r\n/);
  assert.ok(res.text.includes(`UID:event-${e.id}@`));
  assert.ok(res.text.includes('DTSTART;TZID=Asia/Tokyo:'));
  assert.ok(!res.text.includes('LOCATION:'), 'the meeting URL is for participants');
  assertError(await api('GET', `/api/v1/events/${e.id}.ics`, { token: u29.token }), 404);
});

test('tags: listed for members, managed by admins, 409 while in use', async () => {
  const list = await api('GET', '/api/v1/event_tags', { token: graduate.token });
  assertStatus(list, 200);
  assert.deepEqual(list.json.data.slice(0, 4), [{ id: 1, name: '勉強会' }, { id: 2, name: 'もくもく会' }, { id: 3, name: 'キャリア' }, { id: 4, name: '交流会' }]);
  const name = `API タグ ${Date.now()}`;
  const created = await api('POST', '/api/v1/event_tags', { token: admin.token, json: { event_tag: { name } } });
  assertStatus(created, 201);
  assertError(await api('POST', '/api/v1/event_tags', { token: admin.token, json: { event_tag: { name } } }), 409);
  assert.deepEqual(fields(await api('POST', '/api/v1/event_tags', { token: admin.token, json: { event_tag: { name: ' ' } } })).name, ['タグ名は必須です']);
  await createEvent({ tag_id: created.json.id });
  assertError(await api('DELETE', `/api/v1/event_tags/${created.json.id}`, { token: admin.token }), 409, 'conflict');
  assertError(await api('DELETE', '/api/v1/event_tags/1', { token: admin.token }), 409, 'conflict');
  const spare = await api('POST', '/api/v1/event_tags', { token: admin.token, json: { event_tag: { name: `${name} 予備` } } });
  assertStatus(await api('PATCH', `/api/v1/event_tags/${spare.json.id}`, { token: admin.token, json: { event_tag: { name: `${name} 改` } } }), 200);
  assertStatus(await api('DELETE', `/api/v1/event_tags/${spare.json.id}`, { token: admin.token }), 204);
});

test('lists: upcoming ascending, past descending, with the page meta', async () => {
  const res = await api('GET', '/api/v1/events?per=100', { token: student.token });
  assertStatus(res, 200);
  assert.equal(res.json.meta.per, 100);
  const starts = res.json.data.map((e) => e.starts_at);
  assert.deepEqual(starts, [...starts].sort());
  assert.ok(res.json.data.every((e) => e.status !== 'draft'));
  const past = await api('GET', '/api/v1/events?scope=past', { token: student.token });
  const ps = past.json.data.map((e) => e.starts_at);
  assert.deepEqual(ps, [...ps].sort().reverse());
  // The total is the scope's on every page, also past the last one (no row carries it there).
  for (const scope of ['upcoming', 'past']) {
    const all = await api('GET', `/api/v1/events?scope=${scope}&per=100`, { token: student.token });
    assert.equal(all.json.meta.total, all.json.data.length, scope);
    const second = await api('GET', `/api/v1/events?scope=${scope}&per=1&page=2`, { token: student.token });
    assert.equal(second.json.meta.total, all.json.meta.total, scope);
    const beyond = await api('GET', `/api/v1/events?scope=${scope}&per=1&page=${all.json.meta.total + 5}`, { token: student.token });
    assert.deepEqual([beyond.json.data.length, beyond.json.meta.total], [0, all.json.meta.total], scope);
  }
  const drafts = await api('GET', '/api/v1/events?scope=drafts&per=100', { token: admin.token });
  const draftsBeyond = await api('GET', '/api/v1/events?scope=drafts&page=50', { token: admin.token });
  assert.ok(drafts.json.meta.total > 0);
  assert.deepEqual([draftsBeyond.json.data.length, draftsBeyond.json.meta.total], [0, drafts.json.meta.total]);
});
