// Presence fan-out: N websocket clients subscribed to one question's QuestionChannel on one
// daemon; one more client toggles `answering` R times; every subscriber timestamps each
// broadcast. Prints p50/p99/max delivery latency over all (subscriber, toggle) pairs and the
// daemon's RSS per idle connection.
//   node fanout.mjs URL TOKEN QUESTION_ID CAMPD_PID [N=2000] [ROUNDS=20]
import WebSocket from 'ws';
import { readFileSync } from 'node:fs';

const [url, token, questionId, pid, n = '2000', rounds = '20'] = process.argv.slice(2);
const N = Number(n), R = Number(rounds);
const identifier = JSON.stringify({ channel: 'QuestionChannel', id: Number(questionId) });
const wsUrl = `${url.replace('http', 'ws')}/cable?token=${token}`;
const rss = () => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function connect(onMessage) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, ['actioncable-v1-json']);
    let ready = false;
    ws.on('message', (raw) => {
      // Once subscribed, only look for the flag: parsing every frame would time the client.
      if (ready) {
        if (raw.includes('"is_answering":true')) onMessage({ is_answering: true });
        else if (raw.includes('"is_answering":false')) onMessage({ is_answering: false });
        return;
      }
      const m = JSON.parse(raw);
      if (m.type === 'welcome') ws.send(JSON.stringify({ command: 'subscribe', identifier }));
      else if (m.type === 'confirm_subscription') { ready = true; resolve(ws); }
      else if (m.type === 'reject_subscription') reject(new Error('rejected'));
      else if (m.message) onMessage(m.message);
    });
    ws.on('error', reject);
  });
}

const latencies = [];
let sentAt = 0, expected = null, received = 0;
const baseline = rss();
const clients = [];
for (let i = 0; i < N; i += 100) {
  const batch = [];
  for (let j = i; j < Math.min(N, i + 100); j++)
    batch.push(connect((m) => {
      if (m.is_answering === expected) { latencies.push(performance.now() - sentAt); received++; }
    }));
  clients.push(...(await Promise.all(batch)));
}
await sleep(1000);
const idle = rss();
console.log(`connections: ${clients.length}; daemon RSS ${baseline} KiB -> ${idle} KiB: ${((idle - baseline) / clients.length).toFixed(1)} KiB per idle connection`);

const toggler = await connect(() => {});
for (let r = 0; r < R; r++) {
  expected = r % 2 === 0;
  received = 0;
  sentAt = performance.now();
  toggler.send(JSON.stringify({ command: 'message', identifier, data: JSON.stringify({ action: expected ? 'answering' : 'cancel_answering' }) }));
  for (let w = 0; w < 500 && received < N; w++) await sleep(10);
  if (received < N) console.log(`round ${r}: only ${received}/${N} delivered within 5 s`);
  await sleep(100);
}
latencies.sort((a, b) => a - b);
const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1);
console.log(`deliveries: ${latencies.length} (${R} toggles x ${N} subscribers)`);
console.log(`latency ms: p50 ${q(0.5)}  p90 ${q(0.9)}  p99 ${q(0.99)}  max ${latencies.at(-1).toFixed(1)}`);
for (const c of [...clients, toggler]) c.terminate();
process.exit(0);
