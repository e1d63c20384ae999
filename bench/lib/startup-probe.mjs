// One start-up measurement: spawns campd, polls /readyz every millisecond until 200, then
// idles, reads VmRSS/VmHWM from /proc, stops the daemon with SIGTERM.
// Prints one line: "ready_ms=<float> first_answer_ms=<float> rss_kib=<int> hwm_kib=<int> stop_ms=<float>".
//   node startup-probe.mjs <campd> <config> <url> [idle_ms]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const [campd, config, url, idleArg] = process.argv.slice(2);
const idleMs = Number(idleArg ?? 2000);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const t0 = process.hrtime.bigint();
const child = spawn(campd, ['--config', config], { stdio: ['ignore', 'ignore', 'pipe'] });
let stderr = '';
child.stderr.on('data', (c) => { stderr += c; });
let exited = false;
child.on('exit', () => { exited = true; });

let readyMs;
let answerMs; // first HTTP answer of any status: the listener is up
for (;;) {
  if (exited) { console.error(`campd exited before ready:\n${stderr.slice(-2000)}`); process.exit(1); }
  try {
    const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    answerMs ??= Number(process.hrtime.bigint() - t0) / 1e6;
    if (res.status === 200) { readyMs = Number(process.hrtime.bigint() - t0) / 1e6; break; }
  } catch { /* not listening yet */ }
  if (Number(process.hrtime.bigint() - t0) / 1e6 > 30000) { console.error('not ready within 30 s'); child.kill('SIGKILL'); process.exit(1); }
  await sleep(1);
}

await sleep(idleMs);
const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
const kib = (key) => Number((status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm')) || [])[1]);
const rss = kib('VmRSS');
const hwm = kib('VmHWM');

const s0 = process.hrtime.bigint();
const done = new Promise((r) => child.once('exit', r));
child.kill('SIGTERM');
const timer = setTimeout(() => child.kill('SIGKILL'), 10000);
await done;
clearTimeout(timer);
const stopMs = Number(process.hrtime.bigint() - s0) / 1e6;
console.log(`ready_ms=${readyMs.toFixed(1)} first_answer_ms=${answerMs.toFixed(1)} rss_kib=${rss} hwm_kib=${hwm} stop_ms=${stopMs.toFixed(1)}`);
