// AI chat over /cable (bench/ai_chat.sh), with the fake OpenAI-compatible provider of the
// realtime tests on loopback:
//   1. time to first delta, one chat at a time (N_SEQ), minus the provider's own latency;
//   2. GET /api/v1/accounts/me p99 with nothing else running (idle);
//   3. one chat from each student of IDS_FILE at once (each streams for a while) while /me is
//      measured again.
//   node bench/ai-chat.mjs CAMPD IDS_FILE [N_SEQ=40]   (tokens signed with $CAMP_DATA_DIR/jwt_secret)
import { spawn } from 'node:child_process';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startFakeProvider } from '../tests/realtime/lib/fake-provider.mjs';
import { signToken } from './lib/client.mjs';

const require = createRequire(new URL('./cable/', import.meta.url));
const WebSocket = require('ws');
const [campd, idsFile, seqArg = '40'] = process.argv.slice(2);
const N_SEQ = Number(seqArg);
const LATENCY = 100;  // the provider's own time to first byte

const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]; };
const fmt = (xs) => `p50 ${pct(xs, 50).toFixed(1)}, p95 ${pct(xs, 95).toFixed(1)}, p99 ${pct(xs, 99).toFixed(1)} ms (n=${xs.length})`;

const fake = await startFakeProvider({ latencyMs: LATENCY, gapMs: 150 });
const port = 18000 + Math.floor(Math.random() * 900);
const url = `http://127.0.0.1:${port}`;
const daemon = spawn(campd, [], {
  env: {
    ...process.env, CAMP_LISTEN: `127.0.0.1:${port}`, CAMP_AI_CHAT_BASE_URL: fake.baseUrl, CAMP_LOG_LEVEL: 'warn',
    CAMP_AI_CHAT_MESSAGES_PER_HOUR: '1000000', CAMP_AI_CHAT_DAILY_TOKENS_PER_ACCOUNT: '2000000000',
    CAMP_CABLE_MAX_CONNECTIONS_PER_ACCOUNT: '5000', CAMP_HTTP_MAX_CONNECTIONS_PER_ADDRESS: '5000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (let i = 0; i < 100; i++) { try { if ((await fetch(`${url}/readyz`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 100)); }
// The daemon wrote its signing key at start.
const secret = readFileSync(`${process.env.CAMP_DATA_DIR}/jwt_secret`, 'utf8').trim();
const students = readFileSync(idsFile, 'utf8').split('\n').filter(Boolean).map((id) => signToken(secret, id, 'student'));
const CONCURRENT = students.length;

const login = await fetch(`${url}/api/v1/account_token`, {
  method: 'POST', headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ auth: { email: 'student@example.com', password: 'demo-pass-1234' } }),
});
const token = (await login.json()).jwt;

function connect(jwt = token) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/cable?token=${jwt}`, ['actioncable-v1-json']);
    ws.on('error', reject);
    ws.on('close', (code) => reject(new Error(`/cable closed (${code}) before its welcome`)));
    ws.on('message', (d) => { if (JSON.parse(d).type === 'welcome') resolve(ws); });
  });
}

// One chat on an open socket: resolves {firstDelta, total} in ms from the subscribe command.
function chat(ws, input) {
  return new Promise((resolve, reject) => {
    const identifier = JSON.stringify({ channel: 'AiChatChannel', id: null, input });
    const t0 = performance.now();
    let first = null;
    const on = (d) => {
      const m = JSON.parse(d);
      if (m.identifier !== identifier || !m.message) return;
      if (m.message.type === 'delta' && first === null) first = performance.now() - t0;
      if (m.message.type === 'done' || m.message.type === 'error') {
        ws.off('message', on);
        ws.send(JSON.stringify({ command: 'unsubscribe', identifier }));
        if (m.message.type === 'error') reject(new Error(m.message.message));
        else resolve({ firstDelta: first, total: performance.now() - t0 });
      }
    };
    ws.on('message', on);
    ws.send(JSON.stringify({ command: 'subscribe', identifier }));
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function me() {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http.get(`${url}/api/v1/accounts/me`, { agent, headers: { Authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - t0) : reject(new Error(`me ${res.statusCode}`))));
    }).on('error', reject);
  });
}
async function meFor(stop) { const xs = []; while (!stop()) xs.push(await me()); return xs; }

try {
  const ws = await connect();
  await chat(ws, 'ウォームアップ rails routes');
  const ttfd = [];
  for (let i = 0; i < N_SEQ; i++) ttfd.push((await chat(ws, `Rails のルーティング ${i} について`)).firstDelta - LATENCY);
  console.log(`time to first delta over the provider's ${LATENCY} ms: ${fmt(ttfd)}`);

  const idle = [];
  for (let i = 0; i < 500; i++) idle.push(await me());
  console.log(`/me idle: ${fmt(idle)}`);

  const sockets = await Promise.all(students.map((jwt) => connect(jwt)));
  let running = true;
  const busy = meFor(() => !running);
  const t0 = performance.now();
  const results = await Promise.allSettled(sockets.map((s, i) => chat(s, `同時の質問 ${i} migration`)));
  const wall = performance.now() - t0;
  running = false;
  const loaded = await busy;
  const ok = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
  console.log(`${CONCURRENT} concurrent chats (one per student): ${ok.length} done, ${results.length - ok.length} failed, all in ${wall.toFixed(0)} ms`);
  console.log(`  first delta under load (minus ${LATENCY} ms): ${fmt(ok.map((r) => r.firstDelta - LATENCY))}`);
  console.log(`/me during the chats: ${fmt(loaded)}; p99 ratio to idle ${(pct(loaded, 99) / pct(idle, 99)).toFixed(2)}×`);
  console.log(`provider requests seen: ${fake.requests.length}`);
  for (const s of sockets) s.close();
  ws.close();
} finally {
  daemon.kill('SIGTERM');
  await fake.close();
  agent.destroy();
}
