import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale } from '@/i18n/catalog';
import { prerenderHtml } from '@/testing/prerender';
import type { BlogPost } from '../types';
import { ArticleNotFound } from './ArticleStates';
import { business } from '@/config/business';
import { absoluteUrl } from '@/config/site';
import { articleHead, ArticleView, DEFAULT_ARTICLE_IMAGE } from './ArticleView';
import { openTag, texts, visibleText } from '@/testing/html';

const post: BlogPost = {
  id: '9c4493b7-8603-463a-a0ab-d420f477495c',
  slug: 'orangeburg-pipe-guide',
  title: 'How to Tell If You Have Orangeburg Pipe',
  excerpt: 'Some Valley homes still have Orangeburg sewer pipe.',
  content: '## What it is\n\nFiber and **tar**.\n\n- Soft\n- Black\n\n| Era | Risk |\n|---|---|\n| 1945–1972 | Critical |',
  // As the content service renders it (ADR 0003: the one renderer).
  bodyHtml:
    '<h2>What it is</h2>\n<p>Fiber and <strong>tar</strong>.</p>\n<ul><li>Soft</li><li>Black</li></ul>\n' +
    '<div class="article__table" role="region" tabindex="0" aria-labelledby="article-table-1"><table><tbody><tr><td>1945–1972</td><td>Critical</td></tr></tbody></table></div>',
  imageUrl: '',
  heroImage: { src: '/images/article-default.svg', srcset: '/images/article-default.svg 1200w', width: 1200, height: 630 },
  publishedAt: '2026-05-21T16:00:00Z',
  category: 'Pipe Types',
  readTimeMinutes: 5,
  seoTitle: '',
  seoDescription: '',
  socialImageUrl: '',
  isPublished: true,
  createdAt: '2026-05-20T16:00:00Z',
  version: '1',
  autosaved: false,
  updatedAt: '2026-05-20T16:00:00Z',
  updatedBy: '',
  language: 'en',
  translationOf: '',
  translations: [],
};

describe('ArticleView (SPEC §2 "Article page")', () => {
  it('shows everything in SPEC order', async () => {
    // (The head's tags render first, in place: the prerender moves them into <head>.)
    const html = withoutHead(await prerenderHtml(<ArticleView post={post} />));
    const order = [
      `src="${DEFAULT_ARTICLE_IMAGE}"`,
      '<span class="article__badge">Pipe Types</span>',
      'May 21, 2026',
      '5 min read',
      '<h1 id="article-title">How to Tell If You Have Orangeburg Pipe</h1>',
      'Some Valley homes still have Orangeburg sewer pipe.',
      'Share this article',
      '<h2>What it is</h2>',
      '<footer class="article__footer">',
      'Schedule a Free Consultation',
      'href="tel:',
      'All articles and resources',
    ];
    const at = order.map((s) => html.indexOf(s));
    at.forEach((i, n) => expect(i, order[n]).toBeGreaterThan(-1));
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(html).toContain('<p>Fiber and <strong>tar</strong>.</p>');
    expect(html).toContain('<ul><li>Soft</li><li>Black</li></ul>');
    expect(html).toContain('<td>1945–1972</td><td>Critical</td>');
    expect(html).toMatch(/<dt>Category<\/dt><dd>Pipe Types<\/dd>/);
  });

  it('uses the hero the content service describes, with its srcset and size', async () => {
    const src = `/media/${'a'.repeat(64)}.jpg`;
    const heroImage = { src, srcset: `${src}?w=480 480w, ${src} 800w`, width: 800, height: 533 };
    const html = await prerenderHtml(<ArticleView post={{ ...post, imageUrl: src, heroImage }} />);
    expect(html).toMatch(
      openTag('img', { src, srcset: `${src}?w=480 480w, ${src} 800w`, sizes: '100vw', alt: '', width: '800', height: '533' }),
    );
    expect(html).not.toContain(DEFAULT_ARTICLE_IMAGE);
  });

  it('renders the article template with the edge’s tokens in place of every field', async () => {
    const { ARTICLE_TEMPLATE_POST } = await import('../utils/article-template');
    const html = await prerenderHtml(<ArticleView post={ARTICLE_TEMPLATE_POST} />);
    for (const t of ['title', 'excerpt', 'category', 'date', 'publishedAt', 'readTime', 'heroSrc', 'heroSrcset', 'heroWidth', 'heroHeight', 'body'])
      expect(html, t).toContain(`⟦post:${t}⟧`);
    expect(html).toContain('<div class="article__body">⟦post:body⟧</div>');
  });

  it('gives the page the post’s title, excerpt and image as its head when it has no SEO fields', async () => {
    const html = await prerenderHtml(<ArticleView post={{ ...post, imageUrl: '/media/roots.jpg' }} />);
    expect(html).toContain(`<title>How to Tell If You Have Orangeburg Pipe | ${business.companyName}</title>`);
    expect(html).toMatch(openTag('meta', { name: 'description', content: 'Some Valley homes still have Orangeburg sewer pipe.' }));
    expect(html).toMatch(openTag('meta', { property: 'og:title', content: 'How to Tell If You Have Orangeburg Pipe' }));
    expect(html).toMatch(openTag('meta', { property: 'og:description', content: 'Some Valley homes still have Orangeburg sewer pipe.' }));
    expect(html).toMatch(openTag('meta', { property: 'og:image', content: absoluteUrl('/media/roots.jpg') }));
    expect(html).toMatch(openTag('meta', { property: 'og:url', content: absoluteUrl('/blog/orangeburg-pipe-guide') }));
    expect(html).toMatch(openTag('link', { rel: 'canonical', href: absoluteUrl('/blog/orangeburg-pipe-guide') }));
  });

  it('uses the SEO title, description and social image where staff set them (issue 28)', async () => {
    const seo = { seoTitle: 'Orangeburg pipe: 3 signs', seoDescription: 'Black, soft and blistered: what to look for.', socialImageUrl: '/media/share.jpg' };
    const html = await prerenderHtml(<ArticleView post={{ ...post, imageUrl: '/media/roots.jpg', ...seo }} />);
    expect(html).toContain(`<title>Orangeburg pipe: 3 signs | ${business.companyName}</title>`);
    expect(html).toMatch(openTag('meta', { name: 'description', content: seo.seoDescription }));
    expect(html).toMatch(openTag('meta', { property: 'og:title', content: seo.seoTitle }));
    expect(html).toMatch(openTag('meta', { property: 'og:description', content: seo.seoDescription }));
    expect(html).toMatch(openTag('meta', { property: 'og:image', content: absoluteUrl('/media/share.jpg') }));
    expect(html).not.toContain(absoluteUrl('/media/roots.jpg'));
    // The page itself still shows the post's own title and excerpt.
    expect(html).toContain('<h1 id="article-title">How to Tell If You Have Orangeburg Pipe</h1>');
    expect(html).toContain('<p class="article__excerpt">Some Valley homes still have Orangeburg sewer pipe.</p>');
  });

  it('keeps an https social image as it is, and falls back field by field', () => {
    const head = articleHead({ ...post, seoDescription: 'Only the description.', socialImageUrl: 'https://cdn.example/a.jpg' });
    expect(head.title).toBe(`How to Tell If You Have Orangeburg Pipe | ${business.companyName}`);
    expect(head.meta).toContainEqual({ name: 'description', content: 'Only the description.' });
    expect(head.meta).toContainEqual({ property: 'og:image', content: 'https://cdn.example/a.jpg' });
    // No image at all: no og:image (as the gateway writes it).
    expect(articleHead(post).meta.some((m) => m.property === 'og:image')).toBe(false);
    // Blank SEO fields are no SEO fields.
    expect(articleHead({ ...post, seoTitle: '  ' }).title).toBe(`How to Tell If You Have Orangeburg Pipe | ${business.companyName}`);
  });

  it('says the article is not found, with a way back to the resources', async () => {
    const html = await prerenderHtml(<ArticleNotFound />);
    expect(html).toContain('<h1 id="article-missing-heading">Article Not Found</h1>');
    expect(html).toContain("The article you're looking for doesn't exist or has been removed.");
    expect(html).toMatch(/<a href="\/resources"[^>]*>Back to Resources<\/a>/);
  });
});

describe('ArticleView in Spanish (issue 40: ready for Spanish articles)', () => {
  afterAll(() => activateLocale('en'));

  it('writes the page’s own words and the date in Spanish, and links the Spanish pages', async () => {
    await activateLocale('es');
    const html = withoutHead(await prerenderHtml(<ArticleView post={post} />, undefined, '/es/blog/orangeburg-pipe-guide'));
    const text = visibleText(html);
    expect(texts(html, 'time')).toEqual(['21 de mayo de 2026', '21 de mayo de 2026']);
    expect(text).toContain('5 min de lectura');
    // Its own message: the resources list's Spanish says its articles are in English.
    expect(text).not.toContain('(artículo en inglés)');
    expect(texts(html, 'dt')).toEqual(['Publicado', 'Tiempo de lectura', 'Categoría']);
    // The stored category ("Pipe Types") by its Spanish name, as the gateway fills it.
    expect(texts(html, 'span', { class: 'article__badge' })).toEqual(['Tipos de tubería']);
    expect(texts(html, 'dd')).toContain('Tipos de tubería');
    expect(text).toContain('Compartir este artículo');
    expect(texts(html, 'h2', { id: 'article-cta-heading' })).toEqual(['¿Quiere saber qué hay debajo de su casa?']);
    expect(html).toMatch(/<a href="\/es\/contact#contact"[^>]*>Agende una consulta gratis<\/a>/);
    expect(html).toMatch(/<a href="\/es\/resources"[^>]*>← Todos los artículos y recursos<\/a>/);
  });

  it('says a missing article is not found, in Spanish', async () => {
    await activateLocale('es');
    const html = await prerenderHtml(<ArticleNotFound />, undefined, '/es/blog/missing');
    expect(texts(html, 'h1')).toEqual(['Artículo no encontrado']);
    expect(html).toMatch(/<a href="\/es\/resources"[^>]*>Volver a Recursos<\/a>/);
  });
});

/** The HTML without the head's tags (title, meta, link), which render before the article. */
function withoutHead(html: string): string {
  return html.replace(/<title>[\s\S]*?<\/title>|<(?:meta|link)\b[^>]*>/g, '');
}
