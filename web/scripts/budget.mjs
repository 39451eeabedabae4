// Measures first-load JavaScript per prerendered page (all of them): every script and
// modulepreload the HTML references, gzip-compressed at level 9, summed.
// Usage: node scripts/budget.mjs [limitKB]   (prints; exits 1 over the limit)
import { readdir, readFile } from 'node:fs/promises';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const limit = Number(process.argv[2] ?? 150);
// Every prerendered page: index.html files under dist, and 404.html.
const pages = { '404': '404.html' };
for (const f of await readdir(dist, { recursive: true })) {
  if (f.endsWith('index.html')) pages['/' + f.replace(/\/?index\.html$/, '')] = f;
}
let over = false;
for (const [route, file] of Object.entries(pages)) {
  const html = await readFile(join(dist, file), 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]);
  let total = 0;
  for (const ref of new Set(refs)) {
    total += gzipSync(await readFile(join(dist, ref)), { level: 9 }).length;
  }
  const kb = total / 1024;
  console.log(`${route.padEnd(9)} first-load JS ${kb.toFixed(1)} KB gzip (${refs.length} files)`);
  if (kb > limit) over = true;
}
process.exit(over ? 1 : 0);
