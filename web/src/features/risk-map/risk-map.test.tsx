import { I18nProvider } from '@lingui/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { render } from '@/app/entry-server';
import { business } from '@/config/business';
import { cities, getCity } from '@/content/cities';
import { cities as citiesEs } from '@/content/es/cities';
import { RISK_DESCRIPTIONS as RISK_DESCRIPTIONS_ES, RISK_LABELS as RISK_LABELS_ES } from '@/content/es/risk';
import { riskMapNeighborhoods as placesEs } from '@/content/es/risk-map';
import { RISK_DESCRIPTIONS, RISK_LABELS, RISK_LEVELS } from '@/content/risk';
import { riskMapNeighborhoods } from '@/content/risk-map';
import { activateLocale, i18n } from '@/i18n/catalog';
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
import { placeWords } from './utils/place-words';

describe('risk map page (SPEC §2 "Risk map")', () => {
  let html = '';
  beforeAll(async () => {
    await activateLocale('en');
    html = await prerenderHtml(
      <I18nProvider i18n={i18n}>
        <RiskMapRoute />
      </I18nProvider>,
    );
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
    expect(texts(legend ?? '', 'li')).toEqual([...RISK_LEVELS].reverse().map((l) => `${RISK_LABELS[l]}. ${RISK_DESCRIPTIONS[l]}`));
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

describe('/es/risk-map (issue 40)', () => {
  let html = '';
  beforeAll(async () => {
    const page = await render('/es/risk-map');
    expect(page.locale).toBe('es');
    expect(page.modules).toEqual(['routes/es/risk-map']);
    html = page.html.slice(page.html.indexOf('<main'), page.html.indexOf('</main>'));
  });

  it('has a Spanish title and description and the /es/risk-map canonical', () => {
    expect(innerHtmls(html, 'title').map(textOnly)).toEqual([
      `Mapa de riesgo de las tuberías de drenaje del Valle de Phoenix | ${business.companyName}`,
    ]);
    const descriptions = elements(html, 'meta', { name: 'description' }).map((m) => attrOf(m.open, 'content') ?? '');
    expect(descriptions).toEqual([expect.stringMatching(/^Un mapa interactivo del riesgo de las tuberías de drenaje en 21 vecindarios/)]);
    const canonicals = elements(html, 'link', { rel: 'canonical' }).map((l) => attrOf(l.open, 'href'));
    expect(canonicals).toEqual([expect.stringMatching(/\/es\/risk-map$/)]);
    expectHeadingOutline(html);
    expect(texts(html, 'h1')).toEqual(['Mapa de riesgo de las tuberías de drenaje del Valle de Phoenix']);
  });

  it('lists the Spanish places, each with its city and its rating in Spanish word order', () => {
    const [ul] = elements(html, 'ul', { class: 'risk-map-list', 'aria-labelledby': true });
    expect(texts(html, 'h3', { id: attrOf(ul!.open, 'aria-labelledby')! })).toEqual(['Vecindarios en el mapa']);
    const name = (slug: string) => citiesEs.find((c) => c.slug === slug)!.name;
    expect(texts(ul!.inner, 'button', { type: 'button' })).toEqual(
      placesEs.map((p) => `${p.name} ${name(p.city)}, riesgo ${RISK_LABELS_ES[p.riskLevel].toLowerCase()}`),
    );
    // The Spanish data, not the English: the places' own Spanish names.
    expect(visibleText(ul!.inner)).toContain('Distrito Histórico Willo');
    expect(visibleText(ul!.inner)).not.toContain(' risk');
  });

  it('names the map region, its keys and its status in Spanish', () => {
    const canvas = elements(html, 'div', {
      class: 'risk-map__canvas',
      role: 'region',
      'aria-label': 'Mapa del riesgo de las tuberías de drenaje en el Valle de Phoenix',
      'aria-describedby': 'risk-map-keys',
    });
    expect(canvas).toHaveLength(1);
    expect(texts(html, 'div', { class: 'risk-map__status', role: 'status' })).toEqual(['Cargando el mapa…']);
    expect(texts(html, 'p', { id: 'risk-map-keys' })).toEqual([expect.stringMatching(/^Con el mapa seleccionado, las teclas de flecha/)]);
    expect(texts(html, 'h2', { id: 'risk-map-explorer-heading' })).toEqual(['Riesgo de las tuberías por vecindario']);
  });

  it('explains every level in the legend in Spanish, highest first', () => {
    expect(texts(html, 'h3', { id: 'risk-map-legend-heading' })).toEqual(['Niveles de riesgo']);
    const [legend] = innerHtmls(html, 'ul', { class: 'risk-map-legend__list' });
    const order = [...RISK_LEVELS].reverse();
    expect(texts(legend ?? '', 'strong')).toEqual(order.map((l) => `${RISK_LABELS_ES[l]}.`));
    expect(texts(legend ?? '', 'li')).toEqual(order.map((l) => `${RISK_LABELS_ES[l]}. ${RISK_DESCRIPTIONS_ES[l]}`));
  });

  it('has the offers card in Spanish, its quote button to /es/contact', () => {
    const [card] = innerHtmls(html, 'div', { class: 'card risk-map-offers' });
    expect(texts(card!, 'h3')).toEqual(['Ofertas especiales']);
    expect(texts(card!, 'li')).toEqual([
      'Inspección con cámara gratis para las casas en zonas de riesgo alto y crítico, y con cualquier cotización.',
      '10% de descuento de grupo cuando 3 o más vecinos contratan juntos.',
      'Bono de $500 por recomendación por cada vecino que usted nos recomiende y que contrate una reparación con nosotros.',
    ]);
    expect(texts(card!, 'a', { href: '/es/contact', class: 'button button--primary' })).toEqual(['Pida su cotización gratis']);
    expect(texts(card!, 'a', { href: business.phoneHref })).toEqual([`Llame al ${business.phone}`]);
  });

  it('carries the article in Spanish', () => {
    const [article] = innerHtmls(html, 'article', { class: 'risk-map-article__body' });
    expect(texts(article ?? '', 'h2')).toEqual(['Por qué la antigüedad de un vecindario anticipa el estado de su línea de drenaje']);
    expect(texts(article ?? '', 'h3')).toEqual([
      'Antes de 1950: barro vitrificado',
      'De 1945 a 1972: Orangeburg',
      'De 1960 a 1975: hierro fundido',
      'Después de 1975: ABS y PVC',
      'Lo que el mapa no le puede decir',
    ]);
    for (const figure of ['107,000', '430,000', '50 años', '90%', '30–50%']) expect(visibleText(article ?? '')).toContain(figure);
  });

  it('leaves none of the English page’s words', () => {
    const text = visibleText(html);
    for (const english of ['Neighborhoods on the map', 'Risk levels', 'Special offers', 'Loading the map', 'Get Free Quote', 'Why a neighborhood', ' risk']) {
      expect(text).not.toContain(english);
    }
    expect(html).not.toContain('aria-label="Map of');
  });
});

describe('the map’s own words (zoom buttons, popups, announcements)', () => {
  const [willoEn] = riskMapNeighborhoods.filter((p) => p.id === 'willo');
  const [willoEs] = placesEs.filter((p) => p.id === 'willo');

  it('are English on English pages, as they always were', async () => {
    await activateLocale('en');
    const words = placeWords(i18n, 'en', cities);
    expect(words.labels).toMatchObject({ zoomIn: 'Zoom in', zoomOut: 'Zoom out', closePopup: 'Close popup', built: 'Built', pipes: 'Pipes' });
    expect(words.labels.rating(willoEn!)).toBe('Critical risk');
    expect(words.meta(willoEn!)).toBe('Phoenix, Critical risk');
    expect(words.describe(willoEn!)).toBe(
      `${willoEn!.name}, Phoenix: Critical risk. Built ${willoEn!.era}; ${willoEn!.pipes.toLowerCase()} pipe. ${willoEn!.details}`,
    );
  });

  it('are Spanish on Spanish pages, in Spanish word order', async () => {
    await activateLocale('es');
    const words = placeWords(i18n, 'es', citiesEs);
    expect(words.labels).toMatchObject({
      zoomIn: 'Acercar',
      zoomOut: 'Alejar',
      closePopup: 'Cerrar la ventana emergente',
      built: 'Construcción',
      pipes: 'Tuberías',
    });
    expect(words.labels.rating(willoEs!)).toBe('Riesgo crítico');
    expect(words.meta(willoEs!)).toBe('Phoenix, riesgo crítico');
    expect(words.describe(willoEs!)).toBe(
      `Distrito Histórico Willo, Phoenix: riesgo crítico. Construcción: ${willoEs!.era}. Tuberías: ${willoEs!.pipes}. ${willoEs!.details}`,
    );
    await activateLocale('en');
  });
});
