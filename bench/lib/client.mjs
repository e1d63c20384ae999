// What the node benchmarks share: tokens signed with the daemon's key (no login per client),
// a keep-alive HTTP client, and the quantiles line of bench/RESULTS.md.
import { createHmac } from 'node:crypto';
import http from 'node:http';

const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');

// An HS256 token for account `id` with `role`, valid for `seconds`, as campd issues them.
export function signToken(secret, id, role, { jti = `bench-${id}`, seconds = 3600 } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: String(id), role, jti, iat: now, exp: now + seconds })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

// call(method, path, jwt) -> {status, body} over `sockets` keep-alive connections to `url`.
export function client(url, sockets) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const target = new URL(url);
  return (method, path, jwt) =>
    new Promise((resolve, reject) => {
      const headers = { authorization: `Bearer ${jwt}` };
      const req = http.request({ host: target.hostname, port: target.port, method, path, agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      req.end();
    });
}

export function quantiles(times) {
  times.sort((a, b) => a - b);
  const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
  return `p50 ${q(0.5)} ms  p95 ${q(0.95)} ms  p99 ${q(0.99)} ms  max ${times.at(-1).toFixed(1)} ms`;
}
