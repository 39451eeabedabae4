import { describe, expect, it } from 'vitest';
import { render } from '@/app/entry-server';
import { CITY_SLUGS } from '@/content/cities';
import { getCityPage } from '@/content/city-details';
import { neighborhoodsOf } from '@/content/neighborhoods';
import { riskLabel } from '@/content/risk';

/** Text of the HTML without tags or React's text separators. */
const text = (html: string) => html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('city pages (SPEC §2)', () => {
  it.each(CITY_SLUGS)('%s: hero, risk assessment, neighbourhood grid, call to action, then the form', async (slug) => {
    const city = getCityPage(slug);
    const { html, modules } = await render(`/${slug}`);
    expect(modules).toEqual(['routes/city']);
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    expect(html).toContain(`${city.name} Drain Repair &amp; Pipe Lining Specialists</h1>`);
    expect(html).toContain(`<title>${city.name} Drain Repair &amp; Pipe Lining Specialists | `);

    // The risk block: badge, era, pipe type, description, issues, challenges.
    const t = text(html);
    expect(t).toContain(`Risk level ${riskLabel(city.riskLevel)} risk`);
    expect(t).toContain(`Construction era ${city.constructionEra}`);
    expect(t).toContain(`Primary pipe type ${city.primaryPipeType}`);
    for (const item of [...city.commonIssues, ...city.challenges]) {
      expect(html).toContain(`<li>${item.replaceAll('&', '&amp;').replaceAll("'", '&#x27;')}</li>`);
    }

    // The grid: every neighbourhood of the city, with badge, era and pipe type.
    const cards = html.match(/<li class="card city-neighborhood">[\s\S]*?<\/li>/g) ?? [];
    expect(cards).toHaveLength(neighborhoodsOf(slug).length);
    expect(cards[0]).toContain('class="risk-badge"');
    expect(text(cards[0]!)).toContain(`Built ${neighborhoodsOf(slug)[0]!.era}`);

    // Order: risk, neighbourhoods, call to action, the contact form with its fields.
    const at = (s: string) => html.indexOf(s);
    expect(at('city-risk-heading')).toBeLessThan(at('city-neighborhoods-heading'));
    expect(at('city-neighborhoods-heading')).toBeLessThan(at('city-cta-heading'));
    expect(at('city-cta-heading')).toBeLessThan(at('<section id="contact"'));
    expect(html).toContain(`Schedule Your Free ${city.name} Drain Assessment`);
    expect(html.match(/type="checkbox"/g)).toHaveLength(5);
    expect(html.match(/href="tel:/g)!.length).toBeGreaterThanOrEqual(3);
  });
});
