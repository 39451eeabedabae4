import { describe, expect, it } from 'vitest';
import { render } from '@/app/entry-server';
import { CITY_SLUGS } from '@/content/cities';
import { resourceArticles } from '@/content/resources';

describe('/sitemap', () => {
  it('links every built page and article, and nothing that is not built', async () => {
    const { html, modules } = await render('/sitemap');
    expect(modules).toEqual(['routes/sitemap']);
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    const hrefs = [...main.matchAll(/<a\b[^>]*\shref="([^"]+)"/g)].map((m) => m[1]);
    for (const want of ['/', '/contact', '/resources', '/risk-map', '/privacy', '/terms', '/services/cipp-lining', '/services/drain-inspections',
      ...CITY_SLUGS.map((c) => `/${c}`), ...resourceArticles.map((a) => `/blog/${a.id}`)]) {
      expect(hrefs).toContain(want);
    }
    expect(hrefs).toHaveLength(6 + 4 + 8 + 9);
    expect(main.match(/<h1\b/g)).toHaveLength(1);
  });
});
