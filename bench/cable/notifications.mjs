// NotificationChannel delivery across daemons (bench/notification-channel.sh): one websocket
// per account, spread over the daemons, each subscribed to NotificationChannel and to one
// question's QuestionChannel. First the ceiling: a presence toggle on that question, which
// every daemon relays to its tabs as it is (one NOTIFY, no query), timed from the toggle's send.
// Then each event of --events is published through the API; every tab timestamps its
// `created` notification, and the latency is taken from the dispatch's commit (the log line
// of the daemon that dispatched it, written right after the commit) and from the request.
//   node notifications.mjs --daemons URL,URL --secret S --ids FILE --events FILE --admin JWT --logs FILE,FILE
import WebSocket from 'ws';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { signToken } from '../lib/client.mjs';

const { values: o } = parseArgs({
  options: {
    daemons: { type: 'string' }, secret: { type: 'string' }, ids: { type: 'string' }, events: { type: 'string' },
    admin: { type: 'string' }, logs: { type: 'string' }, question: { type: 'string', default: '1' },
    toggles: { type: 'string', default: '10' },
  },
});
const daemons = o.daemons.split(',');
const ids = readFileSync(o.ids, 'utf8').split('\n').filter(Boolean);
const events = readFileSync(o.events, 'utf8').split('\n').filter(Boolean);
const logs = o.logs.split(',');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const notificationId = JSON.stringify({ channel: 'NotificationChannel' });
const questionId = JSON.stringify({ channel: 'QuestionChannel', id: Number(o.question) });

// Wall-clock milliseconds with sub-millisecond steps: comparable with the daemons' log times.
const wallNow = () => performance.timeOrigin + performance.now();

function connect(url, token, onFrame) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/cable?token=${token}`, ['actioncable-v1-json']);
    let confirmed = 0;
    ws.on('message', (raw) => {
      if (confirmed === 2) return onFrame(raw);  // parsing every frame would time the client
      const m = JSON.parse(raw);
      if (m.type === 'welcome') {
        ws.send(JSON.stringify({ command: 'subscribe', identifier: notificationId }));
        ws.send(JSON.stringify({ command: 'subscribe', identifier: questionId }));
      } else if (m.type === 'confirm_subscription' && ++confirmed === 2) resolve(ws);
      else if (m.type === 'reject_subscription') reject(new Error(`rejected: ${m.identifier}`));
    });
    ws.on('error', reject);
  });
}

let sentAt = 0, expected = null, received = 0;
const presence = [], created = [];  // per delivery: wall-clock arrival
const tabs = [];
for (let i = 0; i < ids.length; i += 100) {
  const batch = [];
  for (let j = i; j < Math.min(ids.length, i + 100); j++) {
    const token = signToken(o.secret, ids[j], 'student');
    batch.push(connect(daemons[j % daemons.length], token, (raw) => {
      const at = wallNow();
      if (expected === 'presence-on' ? raw.includes('"is_answering":true') : expected === 'presence-off' ? raw.includes('"is_answering":false') : false) {
        presence.push(at - sentAt);
        received++;
      } else if (typeof expected === 'string' && expected.startsWith('event:') && raw.includes('"type":"created"') && raw.includes(expected.slice(6))) {
        created.push(at);
        received++;
      }
    }));
  }
  tabs.push(...(await Promise.all(batch)));
}
const n = tabs.length;
console.log(`tabs: ${n} accounts, one connection each, ${daemons.length} daemons (${daemons.join(', ')})`);
await sleep(1000);

// The ceiling: presence toggles from one more tab, on the first daemon.
const toggler = await connect(daemons[0], signToken(o.secret, ids[0], 'student'), () => {});
for (let r = 0; r < Number(o.toggles); r++) {
  expected = r % 2 === 0 ? 'presence-on' : 'presence-off';
  received = 0;
  sentAt = wallNow();
  toggler.send(JSON.stringify({ command: 'message', identifier: questionId,
    data: JSON.stringify({ action: r % 2 === 0 ? 'answering' : 'cancel_answering' }) }));
  // The toggler's own account's tab hears it too: n deliveries.
  for (let w = 0; w < 500 && received < n; w++) await sleep(10);
  if (received < n) console.log(`toggle ${r}: only ${received}/${n} delivered within 5 s`);
  await sleep(200);
}

// Each event's dispatch: the log line written after its commit, on whichever daemon took it.
const logged = new Set();
function dispatchLine(title) {
  for (const file of logs)
    for (const line of readFileSync(file, 'utf8').split('\n'))
      if (line.includes('(event.published) told') && !logged.has(line)) {
        // 2027-01-01T12:00:00.123+0000 info notifications: event 12 (event.published) told 2006 accounts, ...
        const [stamp] = line.split(' ');
        const iso = stamp.replace(/([+-]\d\d)(\d\d)$/, '$1:$2');
        return { line, at: Date.parse(iso) };
      }
  return null;
}

const fromCommit = [], fromRequest = [];
for (const [r, id] of events.entries()) {
  const title = `通知ベンチ ${r + 1}`;
  expected = `event:${title}`;
  received = 0;
  created.length = 0;
  const requested = wallNow();
  const res = await fetch(`${daemons[r % daemons.length]}/api/v1/events/${id}/publish`, { method: 'POST', headers: { Authorization: `Bearer ${o.admin}` } });
  if (res.status !== 200) throw new Error(`publish ${id}: ${res.status} ${await res.text()}`);
  for (let w = 0; w < 1000 && received < n; w++) await sleep(10);
  if (received < n) console.log(`event ${r + 1}: only ${received}/${n} delivered within 10 s`);
  let dispatched = null;
  for (let w = 0; w < 100 && !(dispatched = dispatchLine(title)); w++) await sleep(20);
  if (!dispatched) throw new Error(`no dispatch line for event ${r + 1}`);
  logged.add(dispatched.line);
  console.log(`event ${r + 1}: ${dispatched.line.slice(dispatched.line.indexOf('told'))}`);
  for (const at of created) {
    fromCommit.push(at - dispatched.at);
    fromRequest.push(at - requested);
  }
  await sleep(300);
}

const q = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const line = (xs) => `p50 ${q(xs, 0.5).toFixed(1)}  p90 ${q(xs, 0.9).toFixed(1)}  p99 ${q(xs, 0.99).toFixed(1)}  max ${q(xs, 1).toFixed(1)} ms`;
console.log(`ceiling, presence toggle to every tab (${presence.length} deliveries): ${line(presence)}`);
console.log(`notification from the dispatch's commit (${fromCommit.length} deliveries; log times have 1 ms steps): ${line(fromCommit)}`);
console.log(`notification from the publish request (dispatch included): ${line(fromRequest)}`);
console.log(`p99 ratio, from commit / ceiling: ${(q(fromCommit, 0.99) / q(presence, 0.99)).toFixed(2)}`);
for (const t of [...tabs, toggler]) t.terminate();
process.exit(0);
