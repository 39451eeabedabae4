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

const { render, PRERENDER_PATHS, ARTICLE_TEMPLATES } = await import(pathToFileURL(join(ssr, 'entry-server.js')).href);
const shell = await readFile(join(dist, 'index.html'), 'utf8');

// The one stylesheet is inlined into prerendered pages: it is small (about
// 6 KB compressed) and a separate request would hold back the first paint by
// a round trip. The CSP allows inline styles. The app shell keeps the link.
const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/;
const cssFile = STYLESHEET.exec(shell)?.[1];
if (!cssFile) throw new Error('index.html links no stylesheet');
const css = await readFile(join(dist, cssFile), 'utf8');
// A prerendered page paints without its scripts: they hydrate what is
// already on screen. So its code is fetched only once it has painted (issue
// 40): the page's head has just the boot script (src/boot.ts, a few hundred
// bytes), which reads the list of the page's code from a JSON block and adds
// it after the first paint. Fetched from the start, as index.html's tags
// would, the code competed with the page's own bytes on a slow connection,
// and Lighthouse counted its downloads towards the largest paint. The app
// shell (app.html), which renders nothing without its code, keeps the tags.
const ENTRY_TAGS = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;
const template = shell.replace(STYLESHEET, () => `<style>${css.replaceAll('</style', '<\\/style')}</style>`).replace(ENTRY_TAGS, '');
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

const entryKey = 'index.html';
const bootKey = 'src/boot.ts';
if (!manifest[entryKey]?.isEntry || !manifest[bootKey]?.isEntry) throw new Error('the manifest has not both entries, index.html and src/boot.ts');
const inEntry = chunkClosure(entryKey);
const [bootFile, ...bootChunks] = chunkClosure(bootKey);

/**
 * The page's head tags for its code: the boot script (and its one import,
 * preloaded), and the list it loads after the first paint: the entry, the
 * chunks the entry imports, then the matched lazy pages' chunks (their
 * modules under src/) so the browser fetches them in parallel with the entry
 * instead of after it.
 */
function codeTags(modules) {
  const files = new Set(inEntry);
  for (const mod of modules) {
    const key = [`src/${mod}.tsx`, `src/${mod}.ts`].find((k) => manifest[k]);
    if (!key) throw new Error(`no chunk for page module ${mod}`);
    for (const f of chunkClosure(key)) files.add(f);
  }
  const list = JSON.stringify([...files].map((f) => `/${f}`));
  return [
    `<script type="application/json" id="page-code">${list}</script>`,
    ...bootChunks.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    `<script type="module" crossorigin src="/${bootFile}"></script>`,
  ];
}

// React 19 emits hoistable head elements (title, meta, link) in the body
// string; collect them for <head>. JSON-LD stays where it is: a <script>
// is not hoisted, so hydration expects it in place (search engines read it
// anywhere in the document).
const HEAD_TAG = /<title>[\s\S]*?<\/title>|<meta\b[^>]*>|<link\b[^>]*>/g;

// A Spanish page's messages (src/locales/es.ts, one chunk) are loaded
// before it hydrates: preloaded with the page's own chunks (issue 40).
const LOCALE_MODULES = { en: [], es: ['locales/es'] };

function page(html, modules, locale, block = '') {
  const head = [...(html.match(HEAD_TAG) ?? []), ...codeTags([...modules, ...LOCALE_MODULES[locale]])];
  const body = html.replace(HEAD_TAG, '');
  let out = template
    .replace(/<html lang="[^"]*">/, () => `<html lang="${locale}">`)
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/, '');
  // Replacer functions, not strings: page text may hold "$$" or "$&",
  // which a replacement string would treat as patterns (the epoxy page's
  // $ / $$ / $$$ price tiers once lost a "$" that way and failed to hydrate).
  out = out.replace('</head>', () => `    ${head.join('\n    ')}\n  </head>`);
  out = out.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
  // Outside the app's root, where the edge puts its data blocks too.
  if (block) out = out.replace('</body>', () => `${block}\n  </body>`);
  return out;
}

// Staff-editable texts (ADR 0003): each is an element marked data-ec="key"
// (with data-ec-name="value" for {name} placeholders) holding the build-time
// wording, which the edge replaces with the current text. The wording must
// be the seed's, so the copy is said once: the build fails when they drift.
const seedFile = join(root, '..', 'services', 'content', 'internal', 'contentpg', 'seed', 'editable-content.json');
const seed = new Map(JSON.parse(await readFile(seedFile, 'utf8')).map((i) => [i.contentKey, i]));
const MARK = /<([a-z][a-z0-9]*)\b([^>]*?)\sdata-ec="([^"]+)"([^>]*)>([\s\S]*?)<\/\1>/g;
const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'", nbsp: '\u00a0' };
const decode = (s) => s.replace(/&(amp|lt|gt|quot|apos|#39|#x27|nbsp);/g, (_, e) => ENTITIES[e]);
const escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const usedKeys = new Set();
const drift = [];

/** A seed wording with the mark's {name} values filled in, as HTML. */
function filledWording(content, isHtml, params) {
  const filled = content.replace(/\{([a-zA-Z][a-zA-Z0-9_-]*)\}/g, (w, n) => (n in params ? (isHtml ? escapeHtml(params[n]) : params[n]) : w));
  return isHtml ? filled : escapeHtml(filled);
}

const markParams = (before, after) =>
  Object.fromEntries([...`${before} ${after}`.matchAll(/data-ec-([a-z0-9_-]+)="([^"]*)"/g)].map((p) => [p[1], decode(p[2])]));

/**
 * Each mark's wording must be the seed's: on an English page the English
 * (`content`); on a Spanish page the Spanish (`contentEs`) where the page's
 * copy is Spanish (content/es/), or the English where the element's wording
 * is written in the component (the edge and the build fill in the Spanish).
 */
function checkMarks(route, html, locale) {
  for (const m of html.matchAll(MARK)) {
    const [, , before, key, after, inner] = m;
    usedKeys.add(key);
    const item = seed.get(key);
    if (!item) {
      drift.push(`${route}: data-ec="${key}" has no seed item`);
      continue;
    }
    const isHtml = item.contentType === 'html';
    const params = markParams(before, after);
    const english = decode(filledWording(item.content, isHtml, params));
    const wording = decode(inner);
    if (locale === 'es' && wording !== english) {
      const spanish = decode(filledWording(item.contentEs ?? '', isHtml, params));
      if (wording !== spanish) {
        drift.push(`${route}: ${key}: the page's Spanish ${JSON.stringify(wording)} differs from the seed's contentEs ${JSON.stringify(spanish)}`);
      }
    } else if (wording !== english) {
      drift.push(`${route}: ${key}: the page's wording ${JSON.stringify(wording)} differs from the seed's ${JSON.stringify(english)}`);
    }
    if (isHtml !== inner.trimStart().startsWith('<')) drift.push(`${route}: ${key}: the seed says ${item.contentType}, the page does not`);
  }
}

// A Spanish page (issue 40) is filled at build time with the seed's Spanish
// (`contentEs`), as the edge fills it with the current Spanish, and carries
// the data block of the items it shows, so it hydrates in Spanish even when
// served as it is (the content service down). The page's React render holds
// the English wording, which checkMarks compares with the seed first.
const BLOCK_ID = 'editable-content';

function fillSpanish(route, html) {
  const items = new Map();
  const out = html.replace(MARK, (whole, tag, before, key, after) => {
    const item = seed.get(key);
    if (!item) return whole;
    if (typeof item.contentEs !== 'string' || item.contentEs.trim() === '') {
      drift.push(`${route}: ${key}: the seed has no Spanish (contentEs)`);
      return whole;
    }
    const isHtml = item.contentType === 'html';
    items.set(key, { contentKey: key, content: item.contentEs, contentType: item.contentType, locale: 'es' });
    return `<${tag}${before} data-ec="${key}"${after}>${filledWording(item.contentEs, isHtml, markParams(before, after))}</${tag}>`;
  });
  const json = JSON.stringify([...items.values()]).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  return { html: out, block: `<script type="application/json" id="${BLOCK_ID}">${json}</script>` };
}

async function prerender(route, file) {
  const { html, status, modules, locale } = await render(route);
  checkMarks(route, html, locale);
  const filled = locale === 'es' ? fillSpanish(route, html) : { html, block: '' };
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, page(filled.html, modules, locale, filled.block));
  console.log(`prerendered ${route}`);
  return status;
}

for (const route of PRERENDER_PATHS) {
  const file = route === '/' ? join(dist, 'index.html') : join(dist, route, 'index.html');
  const status = await prerender(route, file);
  if (status !== 200) throw new Error(`prerender ${route}: status ${status}`);
}
// The not-found page of each language: the edge serves es/404.html for unknown paths under /es/.
for (const [route, file] of [['/__not-found__', join(dist, '404.html')], ['/es/__not-found__', join(dist, 'es', '404.html')]]) {
  if ((await prerender(route, file)) !== 404) throw new Error(`prerender ${route}: not the not-found page`);
}
// The article templates, one per language (dist/_article.html for English
// posts at /blog/{slug}, dist/es/_article.html for Spanish ones at
// /es/blog/{slug}): the edge fills their ⟦post:…⟧ tokens per article. The
// Spanish one's marks are filled, and its data block written, as every
// Spanish page's are.
for (const { path, file, locale } of ARTICLE_TEMPLATES) {
  const article = await render(path);
  if (article.status !== 200) throw new Error(`prerender the article template ${path}: status ${article.status}`);
  if (article.locale !== locale) throw new Error(`the article template ${path} is not in ${locale}`);
  for (const token of ['⟦post:body⟧', '⟦post:otherLanguageHref⟧']) {
    if (!article.html.includes(token)) throw new Error(`the article template ${path} has no ${token} token`);
  }
  checkMarks(`article template ${path}`, article.html, locale);
  const filled = locale === 'es' ? fillSpanish(path, article.html) : { html: article.html, block: '' };
  await mkdir(dirname(join(dist, file)), { recursive: true });
  await writeFile(join(dist, file), page(filled.html, article.modules, locale, filled.block));
  console.log(`prerendered ${file}`);
}
for (const key of seed.keys()) if (!usedKeys.has(key)) drift.push(`seed item ${key} is on no page`);
if (drift.length) throw new Error(`editable texts and their seed disagree (${seedFile}):\n  ${drift.join('\n  ')}`);
// The shell for app-only routes (/admin, /auth) renders on the client.
await writeFile(join(dist, 'app.html'), shell);
await rm(ssr, { recursive: true, force: true });
await rm(join(dist, '.vite'), { recursive: true, force: true });
