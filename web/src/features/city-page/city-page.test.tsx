import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { render } from '@/app/entry-server';
import { CITY_SLUGS, type CitySlug } from '@/content/cities';
import { getCityPage } from '@/content/city-details';
import { cities as citiesEs } from '@/content/es/cities';
import { cityDetails as cityDetailsEs } from '@/content/es/city-details';
import { neighborhoods as neighborhoodsEs } from '@/content/es/neighborhoods';
import { RISK_LABELS as RISK_LABELS_ES } from '@/content/es/risk';
import { neighborhoodsOf } from '@/content/neighborhoods';
import { riskLabel } from '@/content/risk';
import { CITY_HERO_TITLE } from './index';

/** Text of the HTML without tags or React's text separators. */
const text = (html: string) => html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** The HTML as it is written: & and ' as entities. */
const escaped = (s: string) => s.replaceAll('&', '&amp;').replaceAll("'", '&#x27;');

/** The staff-editable texts as seeded: the city hero's title has its Spanish there (contentEs). */
const seed: { contentKey: string; content: string; contentEs?: string }[] = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../../../../services/content/internal/contentpg/seed/editable-content.json', import.meta.url)),
    'utf8',
  ),
);
const heroTitle = seed.find((i) => i.contentKey === 'city.hero.title')!;

describe('city pages (SPEC §2)', () => {
  it('titles the page with the hero title as seeded', () => {
    expect(heroTitle.content).toBe(CITY_HERO_TITLE);
  });

  it.each(CITY_SLUGS)('%s: hero, risk assessment, neighbourhood grid, call to action, then the form', async (slug) => {
    const city = getCityPage(slug);
    const { html, modules } = await render(`/${slug}`);
    expect(modules).toEqual(['routes/city']);
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    expect(html).toContain(`${city.name} Drain Repair &amp; Pipe Lining Specialists</h1>`);
    expect(html).toContain(`<title>${city.name} Drain Repair &amp; Pipe Lining Specialists | `);
    expect(text(html)).toContain(`Serving ${city.name}, Arizona`);

    // The risk block: badge, era, pipe type, description, issues, challenges.
    const t = text(html);
    expect(t).toContain(`${city.name} pipe risk assessment`);
    expect(t).toContain(`Risk level ${riskLabel(city.riskLevel)} risk`);
    expect(t).toContain(`Construction era ${city.constructionEra}`);
    expect(t).toContain(`Primary pipe type ${city.primaryPipeType}`);
    expect(t).toContain(`Common issues in ${city.name}`);
    expect(t).toContain(`${city.name}-specific challenges`);
    for (const item of [...city.commonIssues, ...city.challenges]) {
      expect(html).toContain(`<li>${escaped(item)}</li>`);
    }

    // The grid: every neighbourhood of the city, with badge, era and pipe type.
    const cards = html.match(/<li class="card city-neighborhood">[\s\S]*?<\/li>/g) ?? [];
    expect(cards).toHaveLength(neighborhoodsOf(slug).length);
    expect(t).toContain(`${city.name} neighborhoods we serve ${cards.length} neighborhoods`);
    expect(cards[0]).toContain('class="risk-badge"');
    expect(text(cards[0]!)).toContain(`Built ${neighborhoodsOf(slug)[0]!.era}`);
    expect(text(cards[0]!)).toContain(`Pipes ${neighborhoodsOf(slug)[0]!.pipeType}`);

    // Order: risk, neighbourhoods, call to action, the contact form with its fields.
    const at = (s: string) => html.indexOf(s);
    expect(at('city-risk-heading')).toBeLessThan(at('city-neighborhoods-heading'));
    expect(at('city-neighborhoods-heading')).toBeLessThan(at('city-cta-heading'));
    expect(at('city-cta-heading')).toBeLessThan(at('<section id="contact"'));
    expect(t).toContain(`Know what is under your ${city.name} home`);
    expect(html.match(/>Schedule Free Inspection<\/button>/g)).toHaveLength(2);
    expect(html).toContain(`Schedule Your Free ${city.name} Drain Assessment`);
    expect(html.match(/type="checkbox"/g)).toHaveLength(5);
    expect(html.match(/href="tel:/g)!.length).toBeGreaterThanOrEqual(3);
  });
});

/** The Spanish city data as routes/es/city.tsx puts it together. */
function spanishCity(slug: CitySlug) {
  const city = citiesEs.find((c) => c.slug === slug)!;
  return { ...city, ...cityDetailsEs[slug], neighborhoods: neighborhoodsEs.filter((n) => n.city === slug) };
}

describe('city pages in Spanish (issue 40)', () => {
  it.each(CITY_SLUGS)('/es/%s: the Spanish copy with Spanish headings, labels and buttons', async (slug) => {
    const city = spanishCity(slug);
    const { html, modules, locale } = await render(`/es/${slug}`);
    expect(locale).toBe('es');
    expect(modules).toEqual(['routes/es/city']);
    const t = text(html);

    // The head: the hero's title in the seed's Spanish, a Spanish description, the /es/ canonical.
    const title = heroTitle.contentEs!.replace('{city}', city.name);
    expect(html).toContain(`<title>${escaped(title)} | `);
    const risk = RISK_LABELS_ES[city.riskLevel].toLowerCase();
    expect(html).toContain(`Reparación de drenajes y alcantarillado sin excavar en ${city.name}, AZ: riesgo ${risk} en las tuberías, ${city.neighborhoods.length} vecindarios en el mapa`);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+/es/${slug}"`));

    // Hero: eyebrow and buttons in Spanish (the h1 and lead are editable: the prerender fills in their Spanish).
    expect(t).toContain(`Al servicio de ${city.name}, Arizona`);
    expect(html.match(/>Programe su inspección gratis<\/button>/g)).toHaveLength(2);

    // The risk block: Spanish labels and the Spanish data.
    expect(t).toContain(`Evaluación del riesgo de las tuberías en ${city.name}`);
    // The badge reads "riesgo alto" to a screen reader: its hidden word goes first in Spanish.
    expect(t).toContain(`Nivel de riesgo riesgo ${RISK_LABELS_ES[city.riskLevel]}`);
    expect(t).toContain(`Época de construcción ${city.constructionEra}`);
    expect(t).toContain(`Tipo de tubería principal ${city.primaryPipeType}`);
    expect(t).toContain(city.riskDescription.replace(/\s+/g, ' '));
    expect(t).toContain(`Problemas comunes en ${city.name}`);
    expect(t).toContain(`Retos propios de ${city.name}`);
    for (const item of [...city.commonIssues, ...city.challenges]) {
      expect(html).toContain(`<li>${escaped(item)}</li>`);
    }

    // The grid: the Spanish neighbourhoods, with Spanish fact names.
    const cards = html.match(/<li class="card city-neighborhood">[\s\S]*?<\/li>/g) ?? [];
    expect(cards).toHaveLength(city.neighborhoods.length);
    expect(t).toContain(`Vecindarios de ${city.name} donde trabajamos ${cards.length} vecindarios`);
    cards.forEach((card, i) => {
      const n = city.neighborhoods[i]!;
      expect(text(card)).toContain(`Construcción ${n.era} Tuberías ${n.pipeType}`);
      expect(text(card)).toContain(n.description.replace(/\s+/g, ' '));
    });

    // The call to action and the contact section's title.
    expect(t).toContain(`Sepa qué hay debajo de su casa en ${city.name}`);
    expect(t).toContain('Una inspección con cámara le muestra en pantalla el interior de su línea de drenaje');
    expect(t).toContain(`Programe su evaluación gratis del drenaje en ${city.name}`);

    // None of the English static words are left in the page's own sections (the header, the
    // contact form and the footer are other people's: their tests speak for them).
    const own = text(html.slice(html.indexOf('<main'), html.indexOf('<section id="contact"')));
    for (const english of [
      'Serving ',
      'pipe risk assessment',
      'Risk level',
      'Construction era',
      'Primary pipe type',
      'Common issues',
      'specific challenges',
      'neighborhoods we serve',
      'Built',
      'Know what is under',
      'Schedule Free Inspection',
    ]) {
      expect(own).not.toContain(english);
    }
  });
});
