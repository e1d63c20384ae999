// Largest Contentful Paint of /login, the logged-in frame (admin's /dashboards), a student's
// /mypage and a mentor's /reviews in headless Debian chromium, cold cache, median of 5 runs each,
// on the demo data (scripts/demo).
// Usage: CAMP_TEST_URL=http://127.0.0.1:18090 node scripts/measure-lcp.mjs [runs]
import { chromiumArgs, chromiumPath } from './chromium-args.mjs';
import { chromium } from '@playwright/test';

const base = process.env.CAMP_TEST_URL ?? 'http://127.0.0.1:18080';
const runs = Number(process.argv[2] ?? 5);
const args = chromiumArgs;

async function token(email) {
  const response = await fetch(`${base}/api/v1/account_token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ auth: { email, password: 'demo-pass-1234' } }),
  });
  if (response.status !== 201) throw new Error(`login failed: HTTP ${response.status}`);
  return (await response.json()).jwt;
}

async function lcpOnce(browser, path, jwt, ready) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ja-JP' });
  if (jwt) {
    const url = new URL(base);
    await context.addCookies([
      { name: 'auth._token.local', value: encodeURIComponent(`Bearer ${jwt}`), domain: url.hostname, path: '/' },
    ]);
  }
  const page = await context.newPage();
  await page.goto(`${base}${path}`, { waitUntil: 'load' });
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  const lcp = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1].startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return lcp;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const browser = await chromium.launch({ executablePath: chromiumPath, args });
try {
  const cases = [
    { name: '/login', path: '/login', jwt: null, ready: 'button[type=submit]' },
    {
      name: 'frame (admin /dashboards)',
      path: '/dashboards',
      jwt: await token('admin@example.com'),
      ready: '[data-testid=nav-title]',
    },
    { name: 'student /mypage', path: '/mypage', jwt: await token('student@example.com'), ready: 'main h1, main h2' },
    {
      name: 'mentor /reviews',
      path: '/reviews',
      jwt: await token('advanced-mentor@example.com'),
      ready: 'main table, main [role=table]',
    },
  ];
  for (const c of cases) {
    const samples = [];
    for (let i = 0; i < runs; i += 1) samples.push(await lcpOnce(browser, c.path, c.jwt, c.ready));
    console.log(
      `${c.name}: LCP median ${median(samples).toFixed(0)} ms (runs: ${samples.map((s) => s.toFixed(0)).join(', ')})`,
    );
  }
} finally {
  await browser.close();
}
