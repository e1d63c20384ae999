// Events through the API (bench/events.sh):
//   1. JOINERS students POST /api/v1/events/{id}/participation at once on one event with
//      CAPACITY seats: latency per request, then the event must hold exactly CAPACITY
//      participants and JOINERS - CAPACITY waiting (no overbooking);
//      Before it, the same burst on GET /api/v1/accounts/me (no database): the yardstick.
//   2. GET /api/v1/events (first page of upcoming, marks seen) sequentially: p50/p95/p99.
//   node bench/events.mjs URL SECRET EVENT_ID IDS_FILE CAPACITY [LIST_REQUESTS=400]
import { readFileSync } from 'node:fs';
import { client, quantiles, signToken } from './lib/client.mjs';

const [url, secret, eventId, idsFile, capacity, listN = '400'] = process.argv.slice(2);
const ids = readFileSync(idsFile, 'utf8').split('\n').filter(Boolean).map(Number);
const token = (id) => signToken(secret, id, 'student');
// 200 keep-alive connections (campd allows 256 per client address).
const call = client(url, 200);

const tokens = ids.map(token);
// Warm the connections and the session cache (one authenticated GET each), not timed.
await Promise.all(tokens.map((t) => call('GET', '/api/v1/events/unread_count', t)));
// The yardstick, same clients and run: the same burst on /me, which the session cache answers
// without the database (what the client, HTTP and the token check cost by themselves).
const readTimes = [];
await Promise.all(tokens.map(async (t) => {
  const start = performance.now();
  await call('GET', '/api/v1/accounts/me', t);
  readTimes.push(performance.now() - start);
}));
console.log(`${tokens.length} concurrent GET /api/v1/accounts/me (yardstick): ${quantiles(readTimes)}`);
const joinTimes = [];
const statuses = new Map();
await Promise.all(tokens.map(async (t) => {
  const start = performance.now();
  const r = await call('POST', `/api/v1/events/${eventId}/participation`, t);
  joinTimes.push(performance.now() - start);
  statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
}));
console.log(`${tokens.length} concurrent joins: ${quantiles(joinTimes)}  statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
const ev = JSON.parse((await call('GET', `/api/v1/events/${eventId}`, tokens[0])).body);
const ok = ev.participants_count === Number(capacity) && ev.waitlist_count === tokens.length - Number(capacity);
console.log(`event: ${ev.participants_count} participants, ${ev.waitlist_count} waiting (capacity ${capacity}): ${ok ? 'no overbooking' : 'WRONG'}`);

const listTimes = [];
for (let i = 0; i < Number(listN); i++) {
  const start = performance.now();
  const r = await call('GET', '/api/v1/events', tokens[i % tokens.length]);
  if (r.status !== 200) throw new Error(`GET /api/v1/events: ${r.status} ${r.body.slice(0, 200)}`);
  listTimes.push(performance.now() - start);
}
console.log(`${listN} GET /api/v1/events (first page of upcoming): ${quantiles(listTimes)}`);
process.exit(ok ? 0 : 1);
