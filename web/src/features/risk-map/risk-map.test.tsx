import { beforeAll, describe, expect, it } from 'vitest';
import { business } from '@/config/business';
import { getCity } from '@/content/cities';
import { RISK_LABELS, RISK_LEVELS } from '@/content/risk';
import { riskMapNeighborhoods } from '@/content/risk-map';
import { RiskMapRoute } from '@/routes/risk-map';
import { prerenderHtml } from '@/testing/prerender';
import { attrOf, elements, innerHtmls, texts } from '@/testing/html';

/** How React writes text into HTML. */
const esc = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll("'", '&#x27;').replaceAll('"', '&quot;');

/** Text of the HTML without tags or React's text separators. */
const text = (html: string) => html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

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
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    const levels = [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level).toBeLessThanOrEqual(levels[i - 1]! + 1);
    });
    const sections = [...html.matchAll(/<section\b[^>]*>/g)].map((m) => m[0]);
    expect(sections).toHaveLength(3);
    for (const tag of sections) {
      const id = /aria-labelledby="([^"]+)"/.exec(tag)?.[1];
      expect(html, tag).toMatch(new RegExp(`<h[1-3] id="${id}"`));
    }
  });

  it('lists the 21 places as buttons in a list labelled by its heading, each with its city and rating', () => {
    const [ul] = elements(html, 'ul', { class: 'risk-map-list', 'aria-labelledby': true });
    expect(ul).toBeDefined();
    const labelledBy = attrOf(ul!.open, 'aria-labelledby');
    expect(texts(html, 'h3', { id: labelledBy! })).toEqual(['Neighborhoods on the map']);
    const buttons = texts(ul!.inner, 'button', { type: 'button' }).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(buttons).toEqual(
      riskMapNeighborhoods.map((p) => `${esc(p.name)} ${getCity(p.city).name}, ${p.risk} risk`),
    );
  });

  it('names the map region and leaves it empty for Leaflet, with a status line that says the map is loading', () => {
    const canvas = elements(html, 'div', {
      class: 'risk-map__canvas',
      role: 'region',
      'aria-label': 'Map of sewer pipe risk across the Phoenix Valley',
      'aria-describedby': 'risk-map-keys',
    });
    expect(canvas.map((e) => e.inner)).toEqual(['']);
    expect(innerHtmls(html, 'div', { class: 'risk-map__status', role: 'status' })).toEqual(['<p>Loading the map…</p>']);
    expect(html).not.toContain('leaflet');
  });

  it('explains every level in the legend, highest first', () => {
    const legend = elements(html, 'ul', { class: 'risk-map-legend__list' })[0]?.outer ?? '';
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
