import { beforeAll, describe, expect, it } from 'vitest';
import { business } from '@/config/business';
import { getCity } from '@/content/cities';
import { RISK_LABELS, RISK_LEVELS } from '@/content/risk';
import { riskMapNeighborhoods } from '@/content/risk-map';
import { RiskMapRoute } from '@/routes/risk-map';
import { escapeLikeReact as esc, expectHeadingOutline, labelledSections, textOf as text } from '@/testing/html';
import { prerenderHtml } from '@/testing/prerender';

describe('risk map page (SPEC §2 "Risk map")', () => {
  let html = '';
  beforeAll(async () => {
    html = await prerenderHtml(<RiskMapRoute />);
  });

  it('has its own title, description and the /risk-map canonical', () => {
    expect(html).toMatch(/<title>Phoenix Valley Sewer Pipe Risk Map \| [^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{100,}"/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/risk-map"\/>/);
  });

  it('has one h1, headings that never skip a level, and every section labelled by its own heading', () => {
    expectHeadingOutline(html);
    expect(labelledSections(html)).toHaveLength(3);
  });

  it('lists the 21 places as buttons in a list labelled by its heading, each with its city and rating', () => {
    const list = /<ul class="risk-map-list" aria-labelledby="([^"]+)">([\s\S]*?)<\/ul>/.exec(html);
    expect(list).not.toBeNull();
    expect(html).toContain(`<h3 id="${list![1]}">Neighborhoods on the map</h3>`);
    const buttons = [...list![2]!.matchAll(/<button type="button"[^>]*>([\s\S]*?)<\/button>/g)].map((m) => text(m[1]!).trim());
    expect(buttons).toEqual(
      riskMapNeighborhoods.map((p) => `${esc(p.name)} ${getCity(p.city).name}, ${p.risk} risk`),
    );
  });

  it('names the map region and leaves it empty for Leaflet, with a status line that says the map is loading', () => {
    expect(html).toMatch(
      /<div class="risk-map__canvas" role="region" aria-label="Map of sewer pipe risk across the Phoenix Valley" aria-describedby="risk-map-keys"><\/div>/,
    );
    expect(html).toContain('<div class="risk-map__status" role="status"><p>Loading the map…</p></div>');
    expect(html).not.toContain('leaflet');
  });

  it('explains every level in the legend, highest first', () => {
    const legend = /<ul class="risk-map-legend__list"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
    const labels = [...legend.matchAll(/<strong>([\s\S]*?)<\/strong>/g)].map((m) => text(m[1]!).replace(/\.$/, ''));
    expect(labels).toEqual([...RISK_LEVELS].reverse().map((l) => RISK_LABELS[l]));
  });

  it('has the offers card with the configured phone and e-mail, and Get Free Quote to /contact', () => {
    const card = /<div class="card risk-map-offers">[\s\S]*?<\/div>/.exec(html)?.[0] ?? '';
    expect(card).toContain(`href="${business.phoneHref}"`);
    expect(card).toContain(`<a href="mailto:${business.email}">${business.email}</a>`);
    expect(card).toMatch(/<a href="\/contact" class="button button--primary">Get Free Quote<\/a>/);
    expect(text(card)).toMatch(/\$500 referral bonus/);
    expect(text(card)).toMatch(/10% group discount/);
  });

  it('carries the article in the HTML', () => {
    const article = /<article class="risk-map-article__body">([\s\S]*?)<\/article>/.exec(html)?.[1] ?? '';
    expect(article).toContain('Why a neighborhood’s age predicts its sewer line');
    expect(article.match(/<p>/g)!.length).toBeGreaterThanOrEqual(5);
    for (const pipe of ['clay', 'Orangeburg', 'cast iron', 'PVC']) expect(article).toContain(pipe);
  });
});
