// Students through the API (bench/students.sh): GET /api/v1/students (first page, the default
// sort; a search; the behind filter) and GET /api/v1/dashboard, sequentially: p50/p95/p99.
//   node bench/students.mjs URL SECRET ADMIN_ID [REQUESTS=400]
import { createHmac } from 'node:crypto';
import http from 'node:http';

const [url, secret, adminId, n = '400'] = process.argv.slice(2);
const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
const now = Math.floor(Date.now() / 1000);
const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: String(adminId), role: 'admin', jti: 'bench-admin', iat: now, exp: now + 3600 })}`;
const jwt = `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const target = new URL(url);
function get(path) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: target.hostname, port: target.port, path, agent, headers: { authorization: `Bearer ${jwt}` } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}
const quantiles = (times) => {
  times.sort((a, b) => a - b);
  const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
  return `p50 ${q(0.5)} ms  p95 ${q(0.95)} ms  p99 ${q(0.99)} ms  max ${times.at(-1).toFixed(1)} ms`;
};
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
agent.destroy();
