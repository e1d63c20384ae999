// Keyword search latency through the API: sequential requests, one client.
//   node bench/search.mjs URL TOKEN [REQUESTS=400]
const [url, token, n = '400'] = process.argv.slice(2);
const keywords = ['グレ', 'エラー', 'ルーティング', 'rails', 'NoMethodError', '保存 できない', 'デプロイ heroku',
  '画像 アップロード', 'いいね', 'コン', 'has_many', '管理画面 ユーザー', 'テスト rspec', 'ページ', '存在しない言葉',
  'パー', 'ログイン 認証 devise', 'fetch 非同期'];
const times = [];
const byKeyword = new Map(keywords.map((k) => [k, []]));
for (let i = 0; i < Number(n); i++) {
  const kw = keywords[i % keywords.length];
  const t = performance.now();
  const r = await fetch(`${url}/api/v1/questions?keywords=${encodeURIComponent(kw)}`, { headers: { Authorization: `Bearer ${token}` } });
  const body = await r.json();
  times.push(performance.now() - t);
  byKeyword.get(kw).push(times.at(-1));
  if (i < keywords.length) console.log(`${kw}: ${body.meta.total} matches`);
}
// Per keyword (median), to see which kind of keyword is slow.
for (const [kw, ts] of byKeyword) {
  ts.sort((a, b) => a - b);
  if (ts.length) console.log(`  ${kw}: median ${ts[Math.floor(ts.length / 2)].toFixed(1)} ms`);
}
times.sort((a, b) => a - b);
const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
console.log(`${times.length} searches: p50 ${q(0.5)} ms  p95 ${q(0.95)} ms  p99 ${q(0.99)} ms  max ${times.at(-1).toFixed(1)} ms`);
