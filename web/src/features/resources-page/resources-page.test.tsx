import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { I18nProvider } from '@lingui/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { render } from '@/app/entry-server';
import { business } from '@/config/business';
import { cities } from '@/content/cities';
import { cities as citiesEs } from '@/content/es/cities';
import { resourceArticles as articlesEs, resourceFaqs as faqsEs } from '@/content/es/resources';
import { RISK_LABELS as RISK_LABELS_ES } from '@/content/es/risk';
import { ARTICLE_CATEGORIES, resourceArticles, resourceFaqs } from '@/content/resources';
import { riskLabel } from '@/content/risk';
import { activateLocale, i18n } from '@/i18n/catalog';
import { ResourcesRoute } from '@/routes/resources';
import {
  attrOf,
  countTags,
  elements,
  expectHeadingOutline,
  innerHtmls,
  labelledSections,
  openTag,
  textOnly,
  texts,
  visibleText,
} from '@/testing/html';
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

/** The whole elements `<name …attrs>`, in document order. */
const blocks = (html: string, name: string, attrs: Record<string, string>) => elements(html, name, attrs).map((e) => e.outer);

/** The address of the first link in a block. */
const hrefOf = (block: string) => {
  const link = elements(block, 'a', { href: true })[0];
  return link && attrOf(link.open, 'href');
};

/** A card's title: its one h3.card__title holding nothing but one link; the link's address and text. */
function cardTitle(card: string): { href: string | undefined; text: string | undefined } {
  const titles = innerHtmls(card, 'h3', { class: 'card__title' });
  expect(titles).toHaveLength(1);
  const links = elements(titles[0]!, 'a', { href: true });
  expect(links.map((l) => l.outer)).toEqual([titles[0]]);
  return { href: attrOf(links[0]!.open, 'href'), text: textOnly(links[0]!.inner) };
}

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
    await activateLocale('en');
    html = await prerenderHtml(
      <I18nProvider i18n={i18n}>
        <ResourcesRoute />
      </I18nProvider>,
    );
  });

  it('has its own title, description and the /resources canonical', () => {
    expect(innerHtmls(html, 'title').map(textOnly)).toContainEqual(expect.stringContaining('Resources'));
    const descriptions = elements(html, 'meta', { name: 'description' }).map((m) => attrOf(m.open, 'content') ?? '');
    expect(descriptions).toContainEqual(expect.stringMatching(/^[\s\S]{100,}$/));
    const canonicals = elements(html, 'link', { rel: 'canonical' }).map((l) => attrOf(l.open, 'href'));
    expect(canonicals).toContainEqual(expect.stringMatching(/\/resources$/));
  });

  it('has one h1 in the hero, and headings that never skip a level', () => {
    expectHeadingOutline(html);
  });

  it('labels every section by its own heading', () => {
    expect(labelledSections(html)).toHaveLength(7);
  });

  it('links the hero to the risk map', () => {
    const hero = blocks(html, 'section', { class: 'hero resources-hero' })[0] ?? '';
    expect(hero).toContain('<h1');
    expect(texts(hero, 'a', { href: '/risk-map' })).toContainEqual(expect.stringContaining('Risk Map'));
  });

  it('shows the nine articles as cards linking to /blog/{slug} of the seed posts', () => {
    const cards = blocks(html, 'article', { class: 'card card--link resources-article' });
    expect(cards).toHaveLength(9);
    expect(cards.map(hrefOf).sort()).toEqual(readSeedPosts().map((p) => `/blog/${p.slug}`).sort());
    cards.forEach((card, i) => {
      const a = resourceArticles[i]!;
      expect(hrefOf(card)).toBe(`/blog/${a.id}`);
      expect(cardTitle(card)).toEqual({ href: `/blog/${a.id}`, text: a.title });
      expect(innerHtmls(card, 'p', { class: 'card__text' }).map(textOnly)).toContain(a.excerpt);
      expect(innerHtmls(card, 'p', { class: 'resources-article__category' }).map(textOnly)).toContain(a.category);
      expect(countTags(card, 'time', { datetime: a.date })).toBe(1);
      expect(visibleText(card)).toContain(`${a.readTimeMinutes} min read`);
    });
    expect(texts(html, 'p', { class: 'resources-count' })).toEqual(['9 articles', '8 cities']);
  });

  it('shows each article’s Arizona publication date, not the UTC day before', () => {
    const card = blocks(html, 'article', { class: 'card card--link resources-article' }).find((c) =>
      c.includes('/blog/orangeburg-pipe-guide'),
    );
    expect(innerHtmls(card ?? '', 'time', { datetime: '2026-05-21' })).toEqual(['May 21, 2026']);
  });

  it('shows the eight cities in navigation order with the risk badge of content/cities.ts', () => {
    const cards = blocks(html, 'article', { class: 'card card--link resources-city' });
    expect(cards).toHaveLength(8);
    expect(cards.map(hrefOf)).toEqual(cities.map((c) => `/${c.slug}`));
    cards.forEach((card, i) => {
      const city = cities[i]!;
      expect(cardTitle(card)).toEqual({ href: `/${city.slug}`, text: city.name });
      expect(countTags(card, 'span', { class: 'risk-badge', 'data-risk': city.riskLevel })).toBe(1);
      expect(visibleText(card)).toContain(`${riskLabel(city.riskLevel)} risk`);
      expect(visibleText(card)).toContain(city.summary);
      expect(visibleText(card)).toContain(`Built ${city.constructionEra} · ${city.primaryPipeType}`);
    });
    expect(html.match(/class="risk-badge"/g)).toHaveLength(8);
  });

  it('answers the five FAQs in native disclosure widgets', () => {
    const faqs = blocks(html, 'details', {});
    expect(faqs).toHaveLength(5);
    faqs.forEach((faq, i) => {
      const f = resourceFaqs[i]!;
      expect(innerHtmls(faq, 'summary', { class: 'faq__question' }).map(textOnly)).toEqual([f.question]);
      expect(innerHtmls(faq, 'p').map(textOnly)).toContain(f.answer);
      expect(countTags(faq, 'a', { href: `/blog/${f.articleId}` })).toBe(1);
    });
  });

  it('closes with a call to action: the schedule button and a call link', () => {
    const cta = blocks(html, 'section', { class: 'section resources-cta' })[0] ?? '';
    expect(innerHtmls(cta, 'button', { type: 'button', class: 'button button--primary' })).toContain('Schedule Free Inspection');
    const callLinks = elements(cta, 'a', { href: true }).filter((a) => /^tel:./.test(attrOf(a.open, 'href') ?? ''));
    expect(callLinks.map((a) => a.inner)).toContainEqual(expect.stringMatching(/^Call /));
  });

  it('puts the sections in order and ends with the contact section the schedule button scrolls to', () => {
    const contact = html.search(openTag('section', { id: 'contact' }));
    const order = [
      'resources-hero-heading',
      'resources-articles-heading',
      'resources-areas-heading',
      'resources-faqs-heading',
      'resources-cta-heading',
    ].map((s) => html.indexOf(s));
    order.push(contact);
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html.match(/id="contact"/g)).toHaveLength(1);
    expect(html.lastIndexOf('<section')).toBe(contact);
    expect(html.match(/type="checkbox"/g)).toHaveLength(5);
  });
});

/** The Spanish names of the categories (content/es/resources.ts names them at its top). */
const CATEGORIES_ES: Record<string, string> = {
  Technology: 'Tecnología',
  Maintenance: 'Mantenimiento',
  'Cost Guide': 'Guía de costos',
  'Pipe Types': 'Tipos de tubería',
  Prevention: 'Prevención',
  Seasonal: 'De temporada',
  'Legal & Safety': 'Legal y seguridad',
};

describe('/es/resources (issue 40)', () => {
  let html = '';
  beforeAll(async () => {
    const page = await render('/es/resources');
    expect(page.locale).toBe('es');
    expect(page.modules).toEqual(['routes/es/resources']);
    html = page.html.slice(page.html.indexOf('<main'), page.html.indexOf('</main>'));
  });

  it('has a Spanish title and description and the /es/resources canonical', () => {
    expect(innerHtmls(html, 'title').map(textOnly)).toEqual([
      `Recursos de drenaje y alcantarillado para propietarios del Valle de Phoenix | ${business.companyName}`,
    ]);
    const descriptions = elements(html, 'meta', { name: 'description' }).map((m) => attrOf(m.open, 'content') ?? '');
    expect(descriptions).toEqual([expect.stringMatching(/^Guías para propietarios sobre señales de falla del drenaje/)]);
    const canonicals = elements(html, 'link', { rel: 'canonical' }).map((l) => attrOf(l.open, 'href'));
    expect(canonicals).toEqual([expect.stringMatching(/\/es\/resources$/)]);
    expectHeadingOutline(html);
    expect(labelledSections(html)).toHaveLength(7);
  });

  it('has a Spanish hero that links to /es/risk-map', () => {
    const hero = blocks(html, 'section', { class: 'hero resources-hero' })[0] ?? '';
    expect(texts(hero, 'p', { class: 'resources-hero__eyebrow' })).toEqual(['Recursos y artículos']);
    expect(texts(hero, 'h1')).toEqual(['Guías de drenaje y alcantarillado para propietarios del Valle de Phoenix']);
    expect(texts(hero, 'a', { href: '/es/risk-map' })).toEqual(['Explore el mapa de riesgo de tuberías']);
  });

  it('shows the Spanish article cards, still opening the English articles at /blog/{slug}', () => {
    expect(texts(html, 'h2', { id: 'resources-articles-heading' })).toEqual(['Artículos y guías']);
    expect(texts(html, 'p', { class: 'resources-count' })).toEqual(['9 artículos', '8 ciudades']);
    const cards = blocks(html, 'article', { class: 'card card--link resources-article' });
    expect(cards).toHaveLength(articlesEs.length);
    cards.forEach((card, i) => {
      const a = articlesEs[i]!;
      expect(cardTitle(card)).toEqual({ href: `/blog/${a.id}`, text: a.title });
      expect(innerHtmls(card, 'p', { class: 'card__text' }).map(textOnly)).toEqual([a.excerpt]);
      expect(texts(card, 'p', { class: 'resources-article__category' })).toEqual([CATEGORIES_ES[a.category]]);
      expect(visibleText(card)).toContain(`${a.readTimeMinutes} min de lectura (artículo en inglés)`);
    });
    const orangeburg = cards.find((c) => c.includes('/blog/orangeburg-pipe-guide'));
    expect(innerHtmls(orangeburg ?? '', 'time', { datetime: '2026-05-21' })).toEqual(['21 de mayo de 2026']);
  });

  it('shows the Spanish city cards, linking to the /es/ city pages', () => {
    expect(texts(html, 'h2', { id: 'resources-areas-heading' })).toEqual(['Riesgo de las tuberías en nuestra zona de servicio']);
    const cards = blocks(html, 'article', { class: 'card card--link resources-city' });
    expect(cards.map(hrefOf)).toEqual(citiesEs.map((c) => `/es/${c.slug}`));
    cards.forEach((card, i) => {
      const city = citiesEs[i]!;
      expect(cardTitle(card)).toEqual({ href: `/es/${city.slug}`, text: city.name });
      expect(visibleText(card)).toContain(RISK_LABELS_ES[city.riskLevel]);
      expect(visibleText(card)).toContain(city.summary);
      expect(visibleText(card)).toContain(`Construcción: ${city.constructionEra} · ${city.primaryPipeType}`);
    });
  });

  it('answers the Spanish FAQs, each pointing at its (English) article', () => {
    expect(texts(html, 'h2', { id: 'resources-faqs-heading' })).toEqual(['Preguntas que nos hacen los propietarios']);
    const faqs = blocks(html, 'details', {});
    expect(faqs).toHaveLength(faqsEs.length);
    faqs.forEach((faq, i) => {
      const f = faqsEs[i]!;
      const article = articlesEs.find((a) => a.id === f.articleId)!;
      expect(innerHtmls(faq, 'summary', { class: 'faq__question' }).map(textOnly)).toEqual([f.question]);
      expect(innerHtmls(faq, 'p').map(textOnly)).toContain(f.answer);
      expect(visibleText(faq)).toContain(`Más información (en inglés): ${article.title}`);
      expect(countTags(faq, 'a', { href: `/blog/${f.articleId}` })).toBe(1);
    });
  });

  it('closes with the call to action in Spanish', () => {
    const cta = blocks(html, 'section', { class: 'section resources-cta' })[0] ?? '';
    expect(texts(cta, 'h2')).toEqual(['Vea lo que pasa en su propia línea']);
    expect(innerHtmls(cta, 'button', { type: 'button', class: 'button button--primary' })).toEqual(['Programe su inspección gratis']);
    expect(texts(html, 'h2', { id: 'resources-latest-heading' })).toEqual(['Lo más reciente del blog']);
  });

  it('leaves none of the English page’s words in its own sections', () => {
    const own = visibleText(html.slice(0, html.search(openTag('section', { id: 'contact' }))));
    for (const english of [
      'Articles and guides',
      'min read',
      'Pipe risk across',
      'Questions homeowners',
      'Read more',
      'Schedule Free Inspection',
      'Explore the Pipe Risk Map',
      'Newest on the blog',
      'Built ',
      ...resourceArticles.map((a) => a.title),
      ...resourceFaqs.map((f) => f.question),
      ...ARTICLE_CATEGORIES,
    ]) {
      expect(own).not.toContain(english);
    }
  });
});
