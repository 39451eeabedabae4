import { beforeAll, describe, expect, it } from 'vitest';
import { business } from '@/config/business';
import { getCity } from '@/content/cities';
import { RISK_LABELS, RISK_LEVELS } from '@/content/risk';
import { riskMapNeighborhoods } from '@/content/risk-map';
import { RiskMapRoute } from '@/routes/risk-map';
import {
  attrOf,
  countTags,
  elements,
  expectHeadingOutline,
  innerHtmls,
  labelledSections,
  textOnly,
  texts,
  visibleText,
} from '@/testing/html';
import { prerenderHtml } from '@/testing/prerender';

describe('risk map page (SPEC §2 "Risk map")', () => {
  let html = '';
  beforeAll(async () => {
    html = await prerenderHtml(<RiskMapRoute />);
  });

  it('has its own title, description and the /risk-map canonical', () => {
    expect(innerHtmls(html, 'title').map(textOnly)).toContainEqual(
      expect.stringMatching(/^Phoenix Valley Sewer Pipe Risk Map \| .+/),
    );
    const descriptions = elements(html, 'meta', { name: 'description' }).map((m) => attrOf(m.open, 'content') ?? '');
    expect(descriptions).toContainEqual(expect.stringMatching(/^[\s\S]{100,}$/));
    const canonicals = elements(html, 'link', { rel: 'canonical' }).map((l) => attrOf(l.open, 'href'));
    expect(canonicals).toContainEqual(expect.stringMatching(/\/risk-map$/));
  });

  it('has one h1, headings that never skip a level, and every section labelled by its own heading', () => {
    expectHeadingOutline(html);
    expect(labelledSections(html)).toHaveLength(3);
  });

  it('lists the 21 places as buttons in a list labelled by its heading, each with its city and rating', () => {
    const [ul] = elements(html, 'ul', { class: 'risk-map-list', 'aria-labelledby': true });
    expect(ul).toBeDefined();
    const labelledBy = attrOf(ul!.open, 'aria-labelledby');
    expect(texts(html, 'h3', { id: labelledBy! })).toEqual(['Neighborhoods on the map']);
    expect(texts(ul!.inner, 'button', { type: 'button' })).toEqual(
      riskMapNeighborhoods.map((p) => `${p.name} ${getCity(p.city).name}, ${p.risk} risk`),
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
    expect(texts(html, 'div', { class: 'risk-map__status', role: 'status' })).toEqual(['Loading the map…']);
    expect(html).not.toContain('leaflet');
  });

  it('explains every level in the legend, highest first', () => {
    const [legend] = innerHtmls(html, 'ul', { class: 'risk-map-legend__list' });
    const labels = texts(legend ?? '', 'strong').map((t) => t.replace(/\.$/, ''));
    expect(labels).toEqual([...RISK_LEVELS].reverse().map((l) => RISK_LABELS[l]));
  });

  it('has the offers card with the configured phone and e-mail, and Get Free Quote to /contact', () => {
    const [card] = innerHtmls(html, 'div', { class: 'card risk-map-offers' });
    expect(card).toBeDefined();
    expect(countTags(card!, 'a', { href: business.phoneHref })).toBe(1);
    expect(texts(card!, 'a', { href: `mailto:${business.email}` })).toEqual([business.email]);
    expect(texts(card!, 'a', { href: '/contact', class: 'button button--primary' })).toEqual(['Get Free Quote']);
    expect(visibleText(card!)).toMatch(/\$500 referral bonus/);
    expect(visibleText(card!)).toMatch(/10% group discount/);
  });

  it('carries the article in the HTML', () => {
    const [article] = innerHtmls(html, 'article', { class: 'risk-map-article__body' });
    expect(texts(article ?? '', 'h2')).toEqual(['Why a neighborhood’s age predicts its sewer line']);
    expect(countTags(article ?? '', 'p')).toBeGreaterThanOrEqual(5);
    for (const pipe of ['clay', 'Orangeburg', 'cast iron', 'PVC']) expect(visibleText(article ?? '')).toContain(pipe);
  });
});
