// Events through the API (bench/events.sh), after camp_bench_burst's joins:
//   1. the event must hold exactly CAPACITY participants and the other joiners waiting (no
//      overbooking);
//   2. GET /api/v1/events (first page of upcoming, marks seen) sequentially: p50/p95/p99.
//   node bench/events.mjs URL TOKENS_FILE EVENT_ID CAPACITY [LIST_REQUESTS=400]
import { readFileSync } from 'node:fs';
import { client, quantiles } from './lib/client.mjs';

const [url, tokensFile, eventId, capacity, listN = '400'] = process.argv.slice(2);
const tokens = readFileSync(tokensFile, 'utf8').split('\n').filter(Boolean);
const call = client(url, 1);

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
