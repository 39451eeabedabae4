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

/** Routes built so far (SPEC §2); the rest are added as their pages land. */
export const ROUTES = ['/', '/contact'];

const { render } = await import(pathToFileURL(join(ssr, 'entry-server.js')).href);
const template = await readFile(join(dist, 'index.html'), 'utf8');

// React 19 emits hoistable head elements (title, meta, link) in the body
// string; collect them for <head>. JSON-LD stays where it is: a <script>
// is not hoisted, so hydration expects it in place (search engines read it
// anywhere in the document).
const HEAD_TAG = /<title>[\s\S]*?<\/title>|<meta\b[^>]*>|<link\b[^>]*>/g;

function page(html) {
  const head = html.match(HEAD_TAG) ?? [];
  const body = html.replace(HEAD_TAG, '');
  let out = template
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/, '');
  out = out.replace('</head>', `    ${head.join('\n    ')}\n  </head>`);
  out = out.replace('<div id="root"></div>', `<div id="root">${body}</div>`);
  return out;
}

for (const route of ROUTES) {
  const { html, status } = await render(route);
  if (status !== 200) throw new Error(`prerender ${route}: status ${status}`);
  const file = route === '/' ? join(dist, 'index.html') : join(dist, route, 'index.html');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, page(html));
  console.log(`prerendered ${route}`);
}
const nf = await render('/__not-found__');
await writeFile(join(dist, '404.html'), page(nf.html));
console.log('prerendered 404.html');
// The shell for app-only routes (/admin, /auth) renders on the client.
await writeFile(join(dist, 'app.html'), template);
await rm(ssr, { recursive: true, force: true });
