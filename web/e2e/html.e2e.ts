// Valid HTML as visitors get it: pages the edge filled with the current
// texts and articles it filled into the article template (ADR 0003) pass
// the W3C Nu HTML Checker (scripts/validate-html.mjs checks the build's own
// pages before the stack starts).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BASE_URL, fetchHtml } from './browser';

async function served(path: string): Promise<string> {
  const { status, html } = await fetchHtml(path);
  expect(status, path).toBe(200);
  return html;
}

describe('served HTML', () => {
  it('is valid on filled pages and on every published article', async () => {
    const posts = (await (await fetch(`${BASE_URL}/api/blog-posts`)).json()) as { slug: string }[];
    expect(posts.length).toBeGreaterThan(0);
    const paths = ['/', '/contact', '/risk-map', '/privacy', '/terms', ...posts.map((p) => `/blog/${p.slug}`)];
    const dir = await mkdtemp(join(tmpdir(), 'served-html-'));
    try {
      const files = await Promise.all(
        paths.map(async (path, i) => {
          const file = join(dir, `${i}-${path.replace(/\W+/g, '-')}.html`);
          await writeFile(file, await served(path));
          return file;
        }),
      );
      const run = promisify(execFile)('node', ['scripts/validate-html.mjs', ...files]);
      // A failed check rejects with its report (stdout and stderr) in the error.
      await expect(run.then((r) => r.stdout)).resolves.toContain(`${files.length} pages, 0 errors`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
