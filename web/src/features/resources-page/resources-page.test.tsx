import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { cities } from '@/content/cities';
import { ARTICLE_CATEGORIES, resourceArticles, resourceFaqs } from '@/content/resources';
import { riskLabel } from '@/content/risk';
import { ResourcesRoute } from '@/routes/resources';
import { escapeLikeReact as esc, expectHeadingOutline, labelledSections, textOf as text } from '@/testing/html';
import { prerenderHtml } from '@/testing/prerender';
// The one TypeScript reading of the content service's read-time rule.
import { readTimeMinutes } from '@/components/staff/rich-text-editor/word-count';

/** The articles the content service seeds: the cards must open these. */
const SEED_DIR = fileURLToPath(
  new URL('../../../../services/content/internal/contentpg/seed/posts', import.meta.url),
);

type SeedPost = { slug: string; title: string; excerpt: string; category: string; publishedAt: string; body: string };

/** Front matter ("key: value" lines between "---" lines) and body, as contentpg.parseSeedPost reads them. */
function readSeedPosts(): SeedPost[] {
  return readdirSync(SEED_DIR)
    .filter((f) => f.endsWith('.md'))
    .map((f) => {
      const raw = readFileSync(`${SEED_DIR}/${f}`, 'utf8');
      const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(raw);
      if (!m) throw new Error(`${f}: no front matter`);
      const meta: Record<string, string> = Object.fromEntries(
        m[1]!.split('\n').map((line) => {
          const i = line.indexOf(':');
          return [line.slice(0, i).trim(), line.slice(i + 1).trim()];
        }),
      );
      const field = (key: string): string => {
        const value = meta[key];
        if (!value) throw new Error(`${f}: no ${key}`);
        return value;
      };
      return {
        slug: field('slug'),
        title: field('title'),
        excerpt: field('excerpt'),
        category: field('category'),
        publishedAt: field('publishedAt'),
        body: m[2]!.trim() + '\n',
      };
    });
}


const blocks = (html: string, re: RegExp) => html.match(re) ?? [];
const hrefOf = (block: string) => /<a href="([^"]*)"/.exec(block)?.[1];

describe('resource data (content/resources.ts)', () => {
  const seeds = readSeedPosts();

  it('has the nine seed posts of the content service, with their front matter', () => {
    expect(seeds).toHaveLength(9);
    const bySlug = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    const fromSeed = seeds
      .map((p) => ({
        id: p.slug,
        title: p.title,
        excerpt: p.excerpt,
        category: p.category,
        date: p.publishedAt,
        readTimeMinutes: readTimeMinutes(p.body),
      }))
      .sort(bySlug);
    expect([...resourceArticles].sort(bySlug)).toEqual(fromSeed);
  });

  it('lists the articles newest first, each in a SPEC §9 category', () => {
    const dates = resourceArticles.map((a) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const a of resourceArticles) expect(ARTICLE_CATEGORIES).toContain(a.category);
  });

  it('has five FAQs, each pointing at one of the articles', () => {
    expect(resourceFaqs).toHaveLength(5);
    expect(new Set(resourceFaqs.map((f) => f.id)).size).toBe(5);
    for (const f of resourceFaqs) expect(resourceArticles.map((a) => a.id)).toContain(f.articleId);
  });

  it('words the lining claims as DESIGN §8 does', () => {
    const answers = resourceFaqs.map((f) => f.answer).join(' ');
    expect(answers).toMatch(/lifetime warranty on lining installs/i);
    expect(answers).toContain('50+ year lining life');
    expect(answers).not.toMatch(/50[- ]year warranty/i);
    expect(answers).toContain('free camera inspection with any estimate');
  });
});

describe('resources page (SPEC §2 "Resources page")', () => {
  let html = '';
  beforeAll(async () => {
    html = await prerenderHtml(<ResourcesRoute />);
  });

  it('has its own title, description and the /resources canonical', () => {
    expect(html).toMatch(/<title>[^<]*Resources[^<]*<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{100,}"/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/resources"\/>/);
  });

  it('has one h1 in the hero, and headings that never skip a level', () => {
    expectHeadingOutline(html);
  });

  it('labels every section by its own heading', () => {
    expect(labelledSections(html)).toHaveLength(7);
  });

  it('links the hero to the risk map', () => {
    const hero = blocks(html, /<section class="hero resources-hero"[\s\S]*?<\/section>/g)[0] ?? '';
    expect(hero).toContain('<h1');
    expect(hero).toMatch(/<a href="\/risk-map"[^>]*>[^<]*Risk Map/);
  });

  it('shows the nine articles as cards linking to /blog/{slug} of the seed posts', () => {
    const cards = blocks(html, /<article class="card card--link resources-article">[\s\S]*?<\/article>/g);
    expect(cards).toHaveLength(9);
    expect(cards.map(hrefOf).sort()).toEqual(readSeedPosts().map((p) => `/blog/${p.slug}`).sort());
    cards.forEach((card, i) => {
      const a = resourceArticles[i]!;
      expect(hrefOf(card)).toBe(`/blog/${a.id}`);
      expect(card).toContain(`<h3 class="card__title"><a href="/blog/${a.id}"`);
      expect(card).toContain(`>${esc(a.title)}</a></h3>`);
      expect(card).toContain(`<p class="card__text">${esc(a.excerpt)}</p>`);
      expect(card).toContain(`<p class="resources-article__category">${esc(a.category)}</p>`);
      expect(card).toContain(`<time dateTime="${a.date}">`);
      expect(text(card)).toContain(`${a.readTimeMinutes} min read`);
    });
  });

  it('shows each article’s Arizona publication date, not the UTC day before', () => {
    const card = blocks(html, /<article class="card card--link resources-article">[\s\S]*?<\/article>/g).find((c) =>
      c.includes('/blog/orangeburg-pipe-guide'),
    );
    expect(card).toContain('<time dateTime="2026-05-21">May 21, 2026</time>');
  });

  it('shows the eight cities in navigation order with the risk badge of content/cities.ts', () => {
    const cards = blocks(html, /<article class="card card--link resources-city">[\s\S]*?<\/article>/g);
    expect(cards).toHaveLength(8);
    expect(cards.map(hrefOf)).toEqual(cities.map((c) => `/${c.slug}`));
    cards.forEach((card, i) => {
      const city = cities[i]!;
      expect(card).toContain(`>${city.name}</a></h3>`);
      expect(card).toContain(`class="risk-badge" data-risk="${city.riskLevel}"`);
      expect(text(card)).toContain(`${riskLabel(city.riskLevel)} risk`);
      expect(card).toContain(esc(city.summary));
    });
    expect(html.match(/class="risk-badge"/g)).toHaveLength(8);
  });

  it('answers the five FAQs in native disclosure widgets', () => {
    const faqs = blocks(html, /<details\b[\s\S]*?<\/details>/g);
    expect(faqs).toHaveLength(5);
    faqs.forEach((faq, i) => {
      const f = resourceFaqs[i]!;
      expect(faq).toContain(`<summary class="faq__question">${esc(f.question)}</summary>`);
      expect(faq).toContain(esc(f.answer));
      expect(faq).toContain(`href="/blog/${f.articleId}"`);
    });
  });

  it('closes with a call to action: the schedule button and a call link', () => {
    const cta = blocks(html, /<section class="section resources-cta"[\s\S]*?<\/section>/g)[0] ?? '';
    expect(cta).toMatch(/<button type="button" class="button button--primary">Schedule Free Inspection<\/button>/);
    expect(cta).toMatch(/<a href="tel:[^"]+"[^>]*>Call /);
  });

  it('puts the sections in order and ends with the contact section the schedule button scrolls to', () => {
    const at = (s: string) => html.indexOf(s);
    const order = [
      'resources-hero-heading',
      'resources-articles-heading',
      'resources-areas-heading',
      'resources-faqs-heading',
      'resources-cta-heading',
      '<section id="contact"',
    ].map(at);
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html.match(/id="contact"/g)).toHaveLength(1);
    expect(html.lastIndexOf('<section')).toBe(at('<section id="contact"'));
    expect(html.match(/type="checkbox"/g)).toHaveLength(5);
  });
});
