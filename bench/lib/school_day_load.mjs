// The school day's request mix as a library: its data (seeded into a stack of
// tests/drills/lib/stack.mjs), an open-loop load at a fixed rate, and the students' websockets.
// bench/school_day.mjs measures it; the scale-out drill runs its tests under it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';

import { cable, root, sleep, until } from '../../tests/drills/lib/stack.mjs';
import { signToken } from './client.mjs';

/**
 * Seeds the day into `stack`: the demo, `questions` questions, 300 events and one of
 * `joiners` seats, `joiners` students with a session each, sessions for the staff. Returns the
 * signed tokens and the ids the mix picks from.
 */
export async function seedSchoolDay(stack, { joiners, questions = 20000 }) {
  await stack.camp('db', 'seed', '--demo');
  const psqlFile = (file, vars) => execFileSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', ...Object.entries(vars).flatMap(([k, v]) => ['-v', `${k}=${v}`]), '-f', join(root, 'bench', file), stack.directUrl], { stdio: ['ignore', 'ignore', 'inherit'] });
  psqlFile('search-seed.sql', { rows: questions });
  psqlFile('events-seed.sql', { rows: 300, capacity: 1000, joiners });
  // What autovacuum does about a minute after a bulk load, done now: otherwise it lands in the
  // middle of the measured mix (a second-long stall on two busy cores) and no school sees it.
  await stack.psql('VACUUM ANALYZE');
  await stack.psql(`INSERT INTO sessions (id, account_id, expires_at) SELECT 'bench-' || id, id, now() + interval '1 day' FROM accounts WHERE role <> 'student' AND NOT EXISTS (SELECT 1 FROM sessions WHERE id = 'bench-' || accounts.id)`);

  const secret = readFileSync(join(stack.dir, 'jwt_secret'), 'utf8').trim();
  const sign = (id, role) => signToken(secret, id, role, { seconds: 7200 });
  const rows = async (sql) => (await stack.psql(sql)).split('\n').filter(Boolean).map((l) => l.split('|'));
  return {
    students: (await rows(`SELECT id FROM accounts WHERE email LIKE 'bench-join-%' ORDER BY id`)).map(([id]) => sign(id, 'student')),
    mentors: (await rows(`SELECT id, role FROM accounts WHERE role IN ('admin', 'basic_mentor', 'advanced_mentor') ORDER BY id`)).map(([id, role]) => sign(id, role)),
    admins: (await rows(`SELECT id FROM accounts WHERE role = 'admin' ORDER BY id`)).map(([id]) => sign(id, 'admin')),
    questionIds: (await rows('SELECT id FROM questions ORDER BY id DESC LIMIT 500')).map(([id]) => Number(id)),
    eventIds: (await rows(`SELECT id FROM events WHERE status = 'published' ORDER BY id DESC LIMIT 50`)).map(([id]) => Number(id)),
    bigEvent: Number((await rows(`SELECT id FROM events WHERE title = '満席テスト'`))[0][0]),
    categoryId: Number((await rows('SELECT id FROM question_categories WHERE parent_id IS NOT NULL ORDER BY id LIMIT 1'))[0][0]),
    taskIds: (await rows('SELECT t.id FROM tasks t ORDER BY t.id LIMIT 3')).map(([id]) => Number(id)),
    submissionIds: (await rows('SELECT id FROM submissions ORDER BY id')).map(([id]) => Number(id)),
  };
}

/** `n` students' /cable websockets on `base`, each on one of the 50 newest questions, all subscribed. */
export async function openSockets(base, data, n, { reconnect = false } = {}) {
  const sockets = [];
  for (let i = 0; i < n; i++) {
    sockets.push(cable(base, data.students[i % data.students.length], [{ channel: 'QuestionChannel', id: data.questionIds[i % 50] }], { reconnect }));
    if (i % 100 === 99) await until(`${i + 1} websockets`, () => sockets.every((s) => s.ready), 30000, 20);
  }
  await until('every websocket subscribed', () => sockets.every((s) => s.ready), 30000, 50);
  return sockets;
}

/**
 * The mix against `base` at `rate` requests/s. Every answer lands in `records` as
 * {route, at (epoch ms it was scheduled), ms (from then: no coordinated omission), status (0:
 * no answer)}. `call` is there for requests outside the mix (the login burst).
 */
export function schoolDayLoad(base, data, { rate }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  const target = new URL(base);
  const records = [];
  function call(route, method, path, token, body) {
    const scheduled = performance.now();
    const at = Date.now();
    return new Promise((resolve) => {
      const done = (status, parsed) => {
        records.push({ route, at, ms: performance.now() - scheduled, status });
        resolve({ status, body: parsed });
      };
      const payload = body ? JSON.stringify(body) : null;
      const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) };
      const req = http.request({ host: target.hostname, port: target.port, method, path, agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          let parsed = null;
          try { parsed = JSON.parse(Buffer.concat(chunks)); } catch { /* not JSON */ }
          done(res.statusCode, parsed);
        });
        res.on('error', () => done(0, null));
      });
      req.setTimeout(10000, () => req.destroy(new Error('timeout')));
      req.on('error', () => done(0, null));
      if (payload) req.write(payload);
      req.end();
    });
  }

  const { students, mentors, admins, questionIds, eventIds, bigEvent, categoryId, taskIds, submissionIds } = data;
  const pick = (a) => a[Math.floor(Math.random() * a.length)];
  const words = ['Rails', 'マイグレーション', 'ルーティング', 'エラーが出る', 'RSpec', 'デプロイ', 'ログイン', 'Devise'];
  let studentCursor = 0;
  const nextStudent = () => students[studentCursor++ % students.length];
  const joined = new Set();
  const newSubmissions = [];
  let submitter = 0;
  // [weight, action]. Reads dominate, as in the school's access logs.
  const mix = [
    [12, () => call('GET /api/v1/accounts/me', 'GET', '/api/v1/accounts/me', nextStudent())],
    [18, () => call('GET /api/v1/questions', 'GET', `/api/v1/questions?page=${1 + Math.floor(Math.random() * 3)}`, nextStudent())],
    [8, () => call('GET /api/v1/questions?keywords=', 'GET', `/api/v1/questions?keywords=${encodeURIComponent(pick(words))}`, nextStudent())],
    [16, () => call('GET /api/v1/questions/{id}', 'GET', `/api/v1/questions/${pick(questionIds)}`, nextStudent())],
    [3, () => call('POST /api/v1/questions', 'POST', '/api/v1/questions', nextStudent(), { question: { category_id: categoryId, title: `朝の質問 ${Date.now()}`, body: 'マイグレーションでエラーが出ます。' } })],
    [3, () => call('POST /api/v1/questions/{id}/answers', 'POST', `/api/v1/questions/${pick(questionIds)}/answers`, pick(mentors), { answer: { body: 'db/schema.rb を確認してみてください。' } })],
    [8, () => call('GET /api/v1/events', 'GET', '/api/v1/events', nextStudent())],
    [6, () => call('GET /api/v1/events/unread_count', 'GET', '/api/v1/events/unread_count', nextStudent())],
    [4, () => call('GET /api/v1/events/{id}', 'GET', `/api/v1/events/${pick(eventIds)}`, nextStudent())],
    [3, () => {
      const i = Math.floor(Math.random() * students.length);
      const leave = joined.has(i);
      if (leave) joined.delete(i); else joined.add(i);
      return call('POST|DELETE /api/v1/events/{id}/participation', leave ? 'DELETE' : 'POST', `/api/v1/events/${bigEvent}/participation`, students[i]);
    }],
    [5, () => call('GET /api/v1/curriculums', 'GET', '/api/v1/curriculums', nextStudent())],
    [2, async () => {
      const who = submitter++;
      const r = await call('POST /api/v1/tasks/{id}/submissions', 'POST', `/api/v1/tasks/${taskIds[who % taskIds.length]}/submissions`, students[Math.floor(who / taskIds.length) % students.length],
        { submission: { repository_url: `https://github.com/bench-student-${who}/rails-practice` } });
      const id = r.body?.id ?? r.body?.submission?.id;
      if (r.status === 201 && id) newSubmissions.push(id);
    }],
    [4, () => call('GET /api/v1/submissions', 'GET', '/api/v1/submissions', pick(mentors))],
    [3, () => call('GET /api/v1/submissions/{id}', 'GET', `/api/v1/submissions/${pick(submissionIds)}`, pick(mentors))],
    [2, () => {
      const id = newSubmissions.shift();
      if (!id) return call('GET /api/v1/submissions', 'GET', '/api/v1/submissions', pick(mentors));
      return call('POST /api/v1/submissions/{id}/claim', 'POST', `/api/v1/submissions/${id}/claim`, pick(admins));
    }],
  ];
  const total = mix.reduce((a, [w]) => a + w, 0);
  const choose = () => {
    let r = Math.random() * total;
    for (const [w, action] of mix) if ((r -= w) < 0) return action;
    return mix[0][1];
  };

  let stopped = false;
  return {
    records,
    call,
    // Open loop for `seconds` (or until stop()): requests leave on schedule whatever came back.
    async run(seconds = Infinity) {
      const begin = performance.now();
      const pending = [];
      let sent = 0;
      while (!stopped && performance.now() - begin < seconds * 1000) {
        const due = Math.floor(((performance.now() - begin) / 1000) * rate);
        for (; sent < due; sent++) pending.push(choose()());
        await sleep(5);
      }
      await Promise.all(pending);
    },
    stop() { stopped = true; },
  };
}
