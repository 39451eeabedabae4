import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { render } from './entry-server';
import { loadMatchedRoutes, routes, staticPaths } from './router';
import { PRERENDER_PATHS } from './entry-server';

/** The page's HTML exactly as scripts/prerender.mjs gets it. */
async function renderPath(path: string): Promise<string> {
  return (await render(path)).html;
}

describe('routes', () => {
  it('renders the home page inside the site frame', async () => {
    const html = await renderPath('/');
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    expect(html).toContain('id="home-hero-title"');
    expect(html).toContain('<nav aria-label="Main"');
    expect(html).toContain('<main id="main"');
    expect(html).toContain('href="tel:+16025550142"');
    expect(html).toContain('id="blog-preview-heading"');
    expect(html).toContain('<section id="about"');
    expect(html).toContain('id="contact"');
    expect(html).toContain('"@type":["LocalBusiness","Plumber"]');
  });

  it('prerenders the lead form island in full, not its loading state', async () => {
    const home = await renderPath('/');
    expect(home).toContain('data-island="waiting"');
    expect(home.match(/type="checkbox"/g)).toHaveLength(5);
    expect(home).toContain('Get My Free Assessment');
    const contact = await renderPath('/contact');
    expect(contact.match(/type="checkbox"/g)).toHaveLength(6);
  });

  it('orders the home page: sections 1–9, blog preview, About, contact', async () => {
    const html = await renderPath('/');
    const at = (s: string) => html.indexOf(s);
    expect(at('home-videos-title')).toBeGreaterThan(0);
    expect(at('home-videos-title')).toBeLessThan(at('blog-preview-heading'));
    expect(at('blog-preview-heading')).toBeLessThan(at('id="about"'));
    expect(at('id="about"')).toBeLessThan(at('id="contact"'));
  });

  it('renders the not-found screen for any unknown path', async () => {
    // The splat route renders it; the gateway serves it with status 404.
    const { html, routeIds } = await render('/no/such/page');
    expect(routeIds).toEqual(['root', 'not-found']);
    expect((await render('/no-such-page')).modules).toEqual([]);
    expect(html).toContain('<h1 id="not-found-heading">404 - Page Not Found</h1>');
    expect(html).toMatch(/The page you(&#x27;|')re looking for doesn(&#x27;|')t exist or may have been moved\./);
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Go Home<\/a>/);
    expect(html).not.toContain('home-hero-title');
  });

  it('names each lazy page’s module, which the prerender preloads', async () => {
    expect((await render('/')).modules).toEqual(['routes/home']);
    expect((await render('/contact')).modules).toEqual(['routes/contact']);
    expect((await render('/mesa')).modules).toEqual(['routes/city']);
    expect((await render('/services/epoxy-coating')).modules).toEqual(['routes/service-epoxy-coating']);
    expect((await render('/blog')).modules).toEqual(['routes/resources']);
    expect((await render('/blog/some-post')).modules).toEqual(['routes/blog-post']);
    expect((await render('/privacy')).modules).toEqual(['routes/privacy']);
    expect((await render('/terms')).modules).toEqual(['routes/terms']);
    expect((await render('/risk-map')).modules).toEqual(['routes/risk-map']);
    // Spanish pages with their own copy load their own modules; the others share the English page's.
    expect((await render('/es/')).modules).toEqual(['routes/es/home']);
    expect((await render('/es/phoenix')).modules).toEqual(['routes/es/city']);
    expect((await render('/es/blog')).modules).toEqual(['routes/es/resources']);
    expect((await render('/es/risk-map')).modules).toEqual(['routes/es/risk-map']);
    expect((await render('/es/services/cipp-lining')).modules).toEqual(['routes/es/service-cipp-lining']);
    expect((await render('/es/contact')).modules).toEqual(['routes/contact']);
    expect((await render('/es/')).locale).toBe('es');
    expect((await render('/es/no-such-page')).status).toBe(404);
  });

  it('prerenders every path the route table names, in English and under /es in Spanish', () => {
    const english = [
      '/',
      '/contact',
      '/services/cipp-lining',
      '/services/pipe-bursting',
      '/services/epoxy-coating',
      '/services/drain-inspections',
      '/resources',
      '/blog',
      '/risk-map',
      '/sitemap',
      '/privacy',
      '/terms',
      '/scottsdale',
      '/phoenix',
      '/tempe',
      '/mesa',
      '/chandler',
      '/gilbert',
      '/glendale',
      '/peoria',
    ];
    expect(PRERENDER_PATHS).toEqual([...english, ...english.map((p) => (p === '/' ? '/es' : `/es${p}`))]);
    expect(staticPaths([{ path: 'a', children: [{ index: true }, { path: 'b' }, { path: ':id' }] }, { path: '*' }])).toEqual([
      '/a',
      '/a/b',
    ]);
  });

  it('loads the matched pages’ code before the browser hydrates, each once and no other', async () => {
    const loaded: string[] = [];
    const loader = (name: string) => async () => {
      loaded.push(name);
      return { Component: () => null };
    };
    const table = [
      {
        id: 'root',
        children: [
          { id: 'home', index: true, handle: { load: loader('home') } },
          { id: 'other', path: 'other', handle: { load: loader('other') } },
        ],
      },
    ];
    await loadMatchedRoutes(table, '/');
    await loadMatchedRoutes(table, '/');
    expect(loaded).toEqual(['home']);
    await loadMatchedRoutes(table, '/other');
    expect(loaded).toEqual(['home', 'other']);
  });

  it('keeps the staff area out of the prerender, and matches it before the public not-found', async () => {
    expect(PRERENDER_PATHS.some((p) => p.startsWith('/admin') || p === '/auth')).toBe(false);
    expect(PRERENDER_PATHS).toContain('/contact');
    const ids = (path: string) => (matchRoutes(routes, path) ?? []).map((m) => m.route.id);
    expect(ids('/auth')).toEqual(['auth']);
    expect(ids('/admin/posts/new')[0]).toBe('admin');
    expect(ids('/admin')[0]).toBe('admin');
    // The one-time link's page is its own chunk, outside the admin's guard.
    expect(ids('/admin/set-password')).toEqual(['set-password']);
    expect(ids('/admin/forgot-password')).toEqual(['forgot-password']);
    expect(ids('/administrator')).toEqual(['root', 'not-found']);
  });
});

describe('prerendered HTML', () => {
  it('has no inline script: every Suspense boundary is complete in place (CSP allows only self)', async () => {
    for (const path of [...PRERENDER_PATHS, '/missing']) {
      const html = (await render(path)).html;
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
      expect(scripts.every((attrs) => attrs?.includes('type="application/ld+json"'))).toBe(true);
      expect(html).not.toContain('<template');
      expect(html).not.toContain('<!--$?-->');
    }
  });
});

describe('articles in each language (issue 40)', () => {
  it('draws /es/blog/{slug} with the article page, in Spanish', async () => {
    const page = await render('/es/blog/como-funciona-el-revestimiento-cipp');
    expect(page.routeIds).toContain('es-blog-post');
    expect(page.modules).toEqual(['routes/blog-post']);
    expect(page.locale).toBe('es');
    expect(page.status).toBe(200);
  });

  it('prerenders one article template per language, with the edge’s tokens and the language switch’s', async () => {
    const { ARTICLE_TEMPLATES } = await import('./entry-server');
    expect(ARTICLE_TEMPLATES).toEqual([
      { locale: 'en', path: '/blog/_article', file: '_article.html' },
      { locale: 'es', path: '/es/blog/_article', file: 'es/_article.html' },
    ]);
    for (const { path, locale } of ARTICLE_TEMPLATES) {
      const page = await render(path);
      expect(page.locale).toBe(locale);
      expect(page.html).toContain('⟦post:body⟧');
      expect(page.html).toMatch(/<a href="⟦post:otherLanguageHref⟧" hreflang="(en|es)"/);
    }
  });
});
