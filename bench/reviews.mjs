// Review queue and curriculum list latency through the API: sequential requests, one client.
//   node bench/reviews.mjs URL MENTOR_TOKEN STUDENT_TOKEN [REQUESTS=400]
const [url, mentor, student, n = '400'] = process.argv.slice(2);

async function measure(label, path, token, check) {
  const times = [];
  for (let i = 0; i < Number(n); i++) {
    const t = performance.now();
    const r = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    const body = await r.json();
    times.push(performance.now() - t);
    if (i === 0) console.log(`${label}: ${r.status} ${check(body)}`);
  }
  times.sort((a, b) => a - b);
  const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
  console.log(`${label}: ${times.length} requests  p50 ${q(0.5)} ms  p95 ${q(0.95)} ms  p99 ${q(0.99)} ms  max ${times.at(-1).toFixed(1)} ms`);
}

await measure('GET /api/v1/submissions (first page, waiting)', '/api/v1/submissions', mentor, (b) => `total ${b.meta.total}, ${b.data.length} on the page`);
await measure('GET /api/v1/submissions?status=all&curriculum=test-advanced', '/api/v1/submissions?status=all&curriculum=test-advanced', mentor, (b) => `total ${b.meta.total}`);
await measure('GET /api/v1/curriculums (student with a full history)', '/api/v1/curriculums', student,
  (b) => b.data.map((c) => `${c.name} ${c.progress.approved}/${c.progress.total}`).join(', '));
