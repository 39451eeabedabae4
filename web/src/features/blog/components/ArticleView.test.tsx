import { describe, expect, it } from 'vitest';
import { prerenderHtml } from '@/testing/prerender';
import type { BlogPost } from '../types';
import { ArticleNotFound } from './ArticleStates';
import { ArticleView, DEFAULT_ARTICLE_IMAGE } from './ArticleView';
import { openTag } from '@/testing/html';

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
  isPublished: true,
  createdAt: '2026-05-20T16:00:00Z',
  version: '1',
  autosaved: false,
  updatedAt: '2026-05-20T16:00:00Z',
  updatedBy: '',
};

describe('ArticleView (SPEC §2 "Article page")', () => {
  it('shows everything in SPEC order', async () => {
    const html = await prerenderHtml(<ArticleView post={post} />);
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

  it('says the article is not found, with a way back to the resources', async () => {
    const html = await prerenderHtml(<ArticleNotFound />);
    expect(html).toContain('<h1 id="article-missing-heading">Article Not Found</h1>');
    expect(html).toContain("The article you're looking for doesn't exist or has been removed.");
    expect(html).toMatch(/<a href="\/resources"[^>]*>Back to Resources<\/a>/);
  });
});
