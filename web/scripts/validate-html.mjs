// Checks HTML with the W3C Nu HTML Checker (npm vnu-jar, run offline on the
// machine's Java 17) and exits 1 on any error; warnings are not reported.
//   node scripts/validate-html.mjs            every page the build wrote to dist/:
//                                             each index.html, 404.html, app.html and
//                                             the article templates (_article.html,
//                                             es/_article.html) with their ⟦post:…⟧
//                                             tokens filled from a sample post, as the
//                                             edge does
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
  // The language switch: the post's translation, or the other language's articles.
  otherLanguageHref: '/es/resources',
};

/** A Spanish post's fields, for es/_article.html. */
const SAMPLE_POST_ES = {
  ...SAMPLE_POST,
  title: 'Cómo encuentra una cámara las raíces en su drenaje',
  excerpt: 'Qué muestra la cámara, cuánto cuesta y qué sigue.',
  date: '10 de noviembre de 2026',
  body: '<h2>Qué muestra la cámara</h2><p>Una <strong>cámara</strong> recorre la línea.</p><p><a href="/es/contact">Pida una inspección</a>.</p>',
  otherLanguageHref: '/blog/camera-inspection-root-intrusion',
};

async function distPages(tmp) {
  const files = [];
  for (const f of await readdir(dist, { recursive: true })) {
    if (f.endsWith('index.html') || f === '404.html' || f === 'app.html') files.push(join(dist, f));
  }
  for (const [file, sample] of [['_article.html', SAMPLE_POST], ['es/_article.html', SAMPLE_POST_ES]]) {
    const template = await readFile(join(dist, file), 'utf8');
    const article = template.replace(/⟦post:([a-zA-Z]+)⟧/g, (token, name) => {
      if (!(name in sample)) throw new Error(`${file}: no sample value for ${token}`);
      return sample[name];
    });
    const filled = join(tmp, file.replace('/', '-'));
    await writeFile(filled, article);
    files.push(filled);
  }
  return files;
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
