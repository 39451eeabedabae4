// The home page at / and its Spanish twin at /es/ (issue 40): the page's
// head, its structured data and its links in the page's language, the
// English page as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { business } from '@/config/business';
import { absoluteUrl } from '@/config/site';
import { BUSINESS_ID } from '@/components/LocalBusinessJsonLd';
import { activateLocale } from '@/i18n/catalog';
import { attrOf, elements, openTag, texts, visibleText } from '@/testing/html';
import { prerenderHtml } from '@/testing/prerender';
import { HomeRoute as SpanishHomeRoute } from './es/home';
import { HomeRoute } from './home';

type JsonLd = { '@context': string; '@graph': Record<string, unknown>[] };

/** The page's one JSON-LD block, parsed. */
function jsonLd(html: string): JsonLd {
  const blocks = elements(html, 'script', { type: 'application/ld+json' });
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]!.inner) as JsonLd;
}

let en = '';
let es = '';

beforeAll(async () => {
  en = await prerenderHtml(<HomeRoute />);
  await activateLocale('es');
  es = await prerenderHtml(<SpanishHomeRoute />, undefined, '/es/');
});

afterAll(() => activateLocale('en'));

describe('the English home page', () => {
  it('keeps its English title, description and structured data', () => {
    expect(en).toContain(`<title>Trenchless Drain &amp; Sewer Repair in the Phoenix Valley | ${business.companyName}</title>`);
    const description = elements(en, 'meta', { name: 'description' }).map((m) => attrOf(m.open, 'content'));
    expect(description).toEqual([
      `${business.companyName} repairs drains and sewer lines across the ${business.serviceArea} without digging up your yard: CIPP pipe lining with blue-light curing, pipe bursting, epoxy coating and free drain camera inspections.`,
    ]);
    const [company, page] = jsonLd(en)['@graph'];
    expect(company).toMatchObject({
      '@type': ['LocalBusiness', 'Plumber'],
      '@id': BUSINESS_ID,
      name: business.companyName,
      url: absoluteUrl('/'),
      description:
        'Trenchless drain and sewer repair: CIPP pipe lining with blue-light curing, pipe bursting, epoxy coating and drain camera inspections.',
    });
    expect(page).toEqual({ '@type': 'WebPage', '@id': `${absoluteUrl('/')}#webpage`, url: absoluteUrl('/'), inLanguage: 'en', about: { '@id': BUSINESS_ID } });
  });

  it('keeps its English words and English links', () => {
    const text = visibleText(en);
    for (const words of ['Free drain camera inspection', 'What we find', 'View all articles', 'Neighbors helping neighbors', 'Rated 5 out of 5 stars'])
      expect(text).toContain(words);
    expect(text).not.toContain('Reseñas traducidas');
    expect(en).toMatch(openTag('a', { href: '/resources' }));
    expect(en).not.toContain('href="/es/');
  });
});

describe('the Spanish home page', () => {
  it('has a Spanish title and description, in Spanish Open Graph, with its English twin', () => {
    expect(es).toContain(`<title>Reparación de drenaje y alcantarillado sin excavar en Phoenix | ${business.companyName}</title>`);
    const description = elements(es, 'meta', { name: 'description' }).map((m) => attrOf(m.open, 'content'));
    expect(description).toHaveLength(1);
    expect(description[0]).toMatch(new RegExp(`^${business.companyName} repara drenajes y líneas de alcantarillado en todo el Valle de Phoenix`));
    expect(es).toMatch(openTag('meta', { property: 'og:locale', content: 'es_US' }));
    expect(es).toMatch(openTag('link', { rel: 'canonical', href: absoluteUrl('/es/') }));
    expect(es).toMatch(openTag('link', { rel: 'alternate', hreflang: 'en', href: absoluteUrl('/') }));
  });

  it('describes the business in Spanish, at the Spanish home page’s address, and says the page is Spanish', () => {
    const data = jsonLd(es);
    expect(data['@context']).toBe('https://schema.org');
    const [company, page] = data['@graph'];
    expect(company).toMatchObject({
      '@id': BUSINESS_ID,
      url: absoluteUrl('/es/'),
      description:
        'Reparación de drenaje y alcantarillado sin excavar: revestimiento de tuberías CIPP curado con luz azul, reemplazo por estallido (pipe bursting), recubrimiento epóxico e inspecciones de drenaje con cámara.',
    });
    // The same business on both pages: its facts do not change with the language.
    const [english] = jsonLd(en)['@graph'];
    for (const key of ['name', 'telephone', 'email', 'foundingDate', 'areaServed', 'address', 'openingHoursSpecification'])
      expect(company![key], key).toEqual(english![key]);
    expect(page).toEqual({ '@type': 'WebPage', '@id': `${absoluteUrl('/es/')}#webpage`, url: absoluteUrl('/es/'), inLanguage: 'es', about: { '@id': BUSINESS_ID } });
  });

  it('shows Spanish words and keeps its site links in Spanish', () => {
    const text = visibleText(es);
    for (const words of ['Inspección gratis del drenaje con cámara', 'Lo que encontramos', 'Ver todos los artículos', 'Vecinos que ayudan a vecinos'])
      expect(text).toContain(words);
    expect(texts(es, 'a', { href: '/es/resources' })).toEqual(['Ver todos los artículos']);
    // Every site link of the page's own sections stays in Spanish (tel:, mailto: and the map are not site paths).
    const sitePaths = [...es.matchAll(/\shref="(\/[^"]*)"/g)].map((m) => m[1]!);
    expect(sitePaths.length).toBeGreaterThan(10);
    expect(sitePaths.filter((p) => !p.startsWith('/es/'))).toEqual([]);
  });
});
