// The script budget (issue 14): first-load JavaScript of every public route,
// counted as a real browser loads it. Debian's Chromium opens each route in
// a fresh context (empty cache) against the running stack, waits until the
// network is idle (islands near the viewport load by then, as they do for a
// visitor), and sums every script response it received, each measured as
// gzip at level 9 of the bytes served (so the figure does not depend on
// whether the edge sent brotli or gzip).
//
// Usage: node scripts/budget.mjs [--base URL] [--limit KB] [--allow ROUTE=KB,…] [--json FILE]
//   --base   the stack (default $E2E_BASE_URL or http://127.0.0.1:18080)
//   --limit  fails (exit 1) when any route loads more (default 100)
//   --allow  a known, recorded exception: ROUTE may load up to KB (the
//            output marks it, so it is never silent)
//   --json   also writes the figures as JSON
// scripts/web-e2e.sh runs it after the browser tests, so `make test` fails
// over budget.
import { writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const args = new Map();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i], process.argv[i + 1]);
const base = args.get('--base') ?? process.env.E2E_BASE_URL ?? 'http://127.0.0.1:18080';
const limitKB = Number(args.get('--limit') ?? 100);
const jsonFile = args.get('--json');
const allowed = new Map(
  (args.get('--allow') ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => {
      const [route, kb] = pair.split('=');
      return [route, Number(kb)];
    }),
);

const CITIES = ['phoenix', 'scottsdale', 'tempe', 'mesa', 'chandler', 'gilbert', 'glendale', 'peoria'];
const SERVICES = ['cipp-lining', 'pipe-bursting', 'epoxy-coating', 'drain-inspections'];
/** Every public route (SPEC §2): the pages, a seed article and the not-found screen. */
export const ROUTES = [
  '/',
  ...CITIES.map((c) => `/${c}`),
  ...SERVICES.map((s) => `/services/${s}`),
  '/resources',
  '/blog',
  '/blog/drain-camera-inspection-guide',
  '/risk-map',
  '/contact',
  '/privacy',
  '/terms',
  '/sitemap',
  '/no-such-page',
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
const results = [];
try {
  let visitor = 0;
  for (const route of ROUTES) {
    visitor += 1;
    // Mobile, as Lighthouse measures; a client address of its own (the
    // stack trusts X-Forwarded-For like an ingress) so rate limits never bite.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      extraHTTPHeaders: { 'X-Forwarded-For': `10.78.0.${visitor}` },
    });
    const page = await context.newPage();
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    const response = await page.goto(new URL(route, base).href, { waitUntil: 'networkidle' });
    if (!response) throw new Error(`${route}: no response`);
    let bytes = 0;
    const files = [];
    for (const s of scripts) {
      const gz = gzipSync(await s.body(), { level: 9 }).length;
      bytes += gz;
      files.push({ url: new URL(s.url()).pathname, gzip: gz });
    }
    results.push({ route, status: response.status(), kb: bytes / 1024, files });
    await context.close();
  }
} finally {
  await browser.close();
}

let over = false;
for (const r of results) {
  const limit = allowed.get(r.route) ?? limitKB;
  let flag = r.kb > limit ? '  OVER BUDGET' : '';
  if (!flag && r.kb > limitKB) flag = `  over ${limitKB} KB: allowed up to ${limit} KB for now`;
  if (r.kb > limit) over = true;
  console.log(`${r.route.padEnd(38)} ${r.kb.toFixed(1).padStart(6)} KB gzip in ${String(r.files.length).padStart(2)} scripts${flag}`);
}
const max = Math.max(...results.map((r) => r.kb));
console.log(`budget: largest first load ${max.toFixed(1)} KB of ${limitKB} KB`);
if (jsonFile) await writeFile(jsonFile, JSON.stringify({ base, limitKB, results }, null, 2));
process.exit(over ? 1 : 0);
