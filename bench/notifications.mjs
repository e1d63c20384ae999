// The unread count against its ceiling: sequential requests, one client, alternating
// GET /api/v1/notifications/unread_count with GET /api/v1/accounts/me (the cheapest
// authenticated route: cached session, no query), so both see the same load.
//   node bench/notifications.mjs URL TOKEN [REQUESTS=1000]
import { quantiles } from './lib/client.mjs';

const [url, token, n = '1000'] = process.argv.slice(2);
const times = { count: [], me: [] };
let body;
for (let i = 0; i < Number(n); i++) {
  for (const [key, path] of [['count', '/api/v1/notifications/unread_count'], ['me', '/api/v1/accounts/me']]) {
    const t = performance.now();
    const r = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    const json = await r.json();
    times[key].push(performance.now() - t);
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(json)}`);
    if (key === 'count') body = json;
  }
}
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(0.95 * xs.length)];
console.log(`unread count (${body.total} unread of the account's): ${quantiles(times.count)}`);
console.log(`/me (the ceiling):                 ${quantiles(times.me)}`);
console.log(`p95 ratio unread count / me: ${(p95(times.count) / p95(times.me)).toFixed(2)}`);
