// Checks HTML with the W3C Nu HTML Checker (npm vnu-jar, run offline on the
// machine's Java 17) and exits 1 on any error; warnings are not reported.
//   node scripts/validate-html.mjs            every page the build wrote to dist/:
//                                             each index.html, 404.html, app.html and
//                                             _article.html with its ⟦post:…⟧ tokens
//                                             filled from a sample post, as the edge does
//   node scripts/validate-html.mjs FILE...    those files (the browser tests pass the
//                                             pages the running stack served)
import { execFile } from 'node:child_process';
import { access, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
// The package's main export is the path of the bundled vnu.jar.
const jar = String(createRequire(import.meta.url)('vnu-jar'));

/** A published post's fields as the edge writes them into _article.html (services/gateway/internal/sitepage). */
const SAMPLE_POST = {
  title: 'How a Camera Inspection Finds Root Intrusion',
  excerpt: 'What the camera shows, what it costs and what happens next.',
  category: 'Maintenance',
  date: 'November 10, 2026',
  publishedAt: '2026-11-10T15:00:00Z',
  readTime: '6',
  heroSrc: '/images/article-default.svg',
  heroSrcset: '/images/article-default.svg 1200w',
  heroWidth: '1200',
  heroHeight: '630',
  body:
    '<h2>What the camera shows</h2><p>A <strong>camera</strong> travels the line.</p>' +
    '<ul><li>Roots at joints</li><li>Cracks and offsets</li></ul>' +
    '<p><a href="/contact">Book an inspection</a> or call us.</p>',
};

async function distPages(tmp) {
  const files = [];
  for (const f of await readdir(dist, { recursive: true })) {
    if (f.endsWith('index.html') || f === '404.html' || f === 'app.html') files.push(join(dist, f));
  }
  const template = await readFile(join(dist, '_article.html'), 'utf8');
  const article = template.replace(/⟦post:([a-zA-Z]+)⟧/g, (token, name) => {
    if (!(name in SAMPLE_POST)) throw new Error(`_article.html: no sample value for ${token}`);
    return SAMPLE_POST[name];
  });
  const filled = join(tmp, '_article.html');
  await writeFile(filled, article);
  return files.concat(filled);
}

const tmp = await mkdtemp(join(tmpdir(), 'validate-html-'));
try {
  const files = process.argv.length > 2 ? process.argv.slice(2) : await distPages(tmp);
  // The checker skips a file it cannot read without a word: fail here instead.
  await Promise.all(files.map((f) => access(f)));
  // --exit-zero-always: the exit code is decided here, from the report.
  const { stderr } = await promisify(execFile)(
    process.env.JAVA ?? 'java',
    ['-jar', jar, '--errors-only', '--format', 'json', '--exit-zero-always', ...files],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const { messages } = JSON.parse(stderr);
  const name = (url) => {
    const path = fileURLToPath(url);
    return path.startsWith(tmp) ? `${relative(tmp, path)} (filled with a sample post)` : relative(process.cwd(), path);
  };
  const errors = messages.filter((m) => m.type !== 'info');
  for (const m of errors) {
    console.error(`${m.url ? name(m.url) : 'vnu'}:${m.lastLine ?? '?'}:${m.firstColumn ?? m.lastColumn ?? '?'}: ${m.message}`);
    if (m.extract) console.error(`    …${m.extract.replace(/\s+/g, ' ')}…`);
  }
  console.log(`validate-html: ${files.length} pages, ${errors.length} errors`);
  process.exitCode = errors.length > 0 ? 1 : 0;
} finally {
  await rm(tmp, { recursive: true, force: true });
}
