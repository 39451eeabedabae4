// Prerenders every public route to static HTML (DESIGN §6): runs the SSR
// build of src/app/entry-server.tsx and writes dist/<route>/index.html with
// the route's own <title>, meta description, canonical and Open Graph tags
// moved into <head>, plus dist/404.html for unknown paths.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const ssr = join(root, 'dist-ssr');

const { render, PRERENDER_PATHS } = await import(pathToFileURL(join(ssr, 'entry-server.js')).href);
const shell = await readFile(join(dist, 'index.html'), 'utf8');

// The one stylesheet is inlined into prerendered pages: it is small (about
// 6 KB compressed) and a separate request would hold back the first paint by
// a round trip. The CSP allows inline styles. The app shell keeps the link.
const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/;
const cssFile = STYLESHEET.exec(shell)?.[1];
if (!cssFile) throw new Error('index.html links no stylesheet');
const css = await readFile(join(dist, cssFile), 'utf8');
const template = shell.replace(STYLESHEET, () => `<style>${css.replaceAll('</style', '<\\/style')}</style>`);
const manifestFile = join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));

/** Chunk files a manifest entry needs before it runs: itself and its static imports, recursively. */
function chunkClosure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const dep of entry.imports ?? []) chunkClosure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const inEntry = chunkClosure(entryKey);

/**
 * <link rel="modulepreload"> tags for the matched lazy pages' chunks (their
 * modules under src/), so the browser fetches a page's code in parallel
 * with the entry instead of after it. Chunks the entry already loads are skipped.
 */
function routePreloads(modules) {
  const files = new Set();
  for (const mod of modules) {
    const key = `src/${mod}.tsx`;
    if (!manifest[key]) throw new Error(`no chunk for page module ${mod}`);
    for (const f of chunkClosure(key)) if (!inEntry.has(f)) files.add(f);
  }
  return [...files].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
}

// React 19 emits hoistable head elements (title, meta, link) in the body
// string; collect them for <head>. JSON-LD stays where it is: a <script>
// is not hoisted, so hydration expects it in place (search engines read it
// anywhere in the document).
const HEAD_TAG = /<title>[\s\S]*?<\/title>|<meta\b[^>]*>|<link\b[^>]*>/g;

function page(html, modules) {
  const head = [...(html.match(HEAD_TAG) ?? []), ...routePreloads(modules)];
  const body = html.replace(HEAD_TAG, '');
  let out = template
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/, '');
  // Replacer functions, not strings: page text may hold "$$" or "$&",
  // which a replacement string would treat as patterns (the epoxy page's
  // $ / $$ / $$$ price tiers once lost a "$" that way and failed to hydrate).
  out = out.replace('</head>', () => `    ${head.join('\n    ')}\n  </head>`);
  out = out.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
  return out;
}

for (const route of PRERENDER_PATHS) {
  const { html, status, modules } = await render(route);
  if (status !== 200) throw new Error(`prerender ${route}: status ${status}`);
  const file = route === '/' ? join(dist, 'index.html') : join(dist, route, 'index.html');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, page(html, modules));
  console.log(`prerendered ${route}`);
}
const nf = await render('/__not-found__');
await writeFile(join(dist, '404.html'), page(nf.html, nf.modules));
console.log('prerendered 404.html');
// The shell for app-only routes (/admin, /auth) renders on the client.
await writeFile(join(dist, 'app.html'), shell);
await rm(ssr, { recursive: true, force: true });
await rm(join(dist, '.vite'), { recursive: true, force: true });
