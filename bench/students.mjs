// Students through the API (bench/students.sh): GET /api/v1/students (first page, the default
// sort; a search; the behind filter), GET /api/v1/dashboard and its weekly trends, sequentially:
// p50/p95/p99.
//   node bench/students.mjs URL SECRET ADMIN_ID [REQUESTS=400]
import { client, quantiles, signToken } from './lib/client.mjs';

const [url, secret, adminId, n = '400'] = process.argv.slice(2);
const jwt = signToken(secret, adminId, 'admin', { jti: 'bench-admin' });
const call = client(url, 1);
const get = (path) => call('GET', path, jwt);
async function measure(label, paths) {
  for (const p of paths) await get(p);  // warm, not timed
  const times = [];
  for (let i = 0; i < Number(n); i++) {
    const start = performance.now();
    const r = await get(paths[i % paths.length]);
    if (r.status !== 200) throw new Error(`${paths[i % paths.length]}: ${r.status} ${r.body.slice(0, 200)}`);
    times.push(performance.now() - start);
  }
  console.log(`${n} GET ${label}: ${quantiles(times)}`);
}
const first = JSON.parse((await get('/api/v1/students?per=1')).body);
console.log(`students: ${first.meta.total}`);
await measure('/api/v1/students (pages 1-5, default sort)', [1, 2, 3, 4, 5].map((p) => `/api/v1/students?page=${p}`));
await measure('/api/v1/students?q=… (search)', ['/api/v1/students?q=' + encodeURIComponent('受講生 12'), '/api/v1/students?q=student-77']);
await measure('/api/v1/students?behind=true&sort=due_on', ['/api/v1/students?behind=true&sort=due_on&order=asc']);
await measure('/api/v1/dashboard', ['/api/v1/dashboard']);
await measure('/api/v1/dashboard/trends (12 weeks)', ['/api/v1/dashboard/trends']);
process.exit(0);  // the keep-alive connections would hold the process open
