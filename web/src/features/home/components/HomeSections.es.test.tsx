// The home page's sections on the Spanish home page, /es/ (issue 40): static
// words from the Spanish catalog, data from content/es/, links in Spanish.
// Staff-editable texts (data-ec) keep their English here: the prerender and
// the edge fill in their Spanish (the seed's contentEs).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { business } from '@/config/business';
import { pipeEras } from '@/content/es/eras';
import { homeCopy } from '@/content/es/home-page';
import { homeTableNeighborhoods } from '@/content/es/home-neighborhoods';
import { featuredProject } from '@/content/es/projects';
import { serviceCards } from '@/content/es/services';
import { headlineStats, ratingBadge } from '@/content/es/stats';
import { testimonials } from '@/content/es/testimonials';
import { processVideo, testimonialVideo, videos } from '@/content/es/videos';
import { activateLocale } from '@/i18n/catalog';
import { attrOf, decodeEntities, elements, escapeRe, innerHtmls, texts, visibleText } from '@/testing/html';
import { headingLevels, inHome, renderHtml } from '../testing/render';
import { AboutSection } from './AboutSection';
import { HomeSections } from './HomeSections';
import { RiskTable } from './RiskTable';
import { VideoShowcase } from './VideoShowcase';

let html = '';

beforeAll(async () => {
  await activateLocale('es');
  html = renderHtml(
    <>
      <HomeSections copy={homeCopy} />
      <div className="home">
        <AboutSection />
      </div>
    </>,
    undefined,
    '/es/',
  );
});

afterAll(() => activateLocale('en'));

/** The HTML without the staff-editable elements (their Spanish is filled in after the render). */
function withoutEditables(page: string): string {
  return page.replace(/<([a-z][a-z0-9]*)\b[^>]*\sdata-ec="[^"]+"[^>]*>[\s\S]*?<\/\1>/g, '');
}

describe('HomeSections on the Spanish home page', () => {
  it('draws the same outline: the same sections, one h1 and no skipped level', () => {
    const sections = [...html.matchAll(/<section\b[^>]*aria-labelledby="([^"]+)"/g)].map((m) => m[1]);
    expect(sections).toHaveLength(10);
    const levels = headingLevels(html);
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level - (levels[i - 1] ?? 1), `heading ${i}`).toBeLessThanOrEqual(1);
    });
  });

  it('shows the hero’s offer, buttons and the pipe eras in Spanish', () => {
    const text = visibleText(html);
    expect(text).toContain('Inspección gratis del drenaje con cámara');
    expect(text).toContain('Inspección con cámara gratis con cualquier cotización');
    expect(innerHtmls(html, 'button', { class: 'button home-button--light' })).toEqual(['Programe su inspección gratis']);
    expect(text).toContain(`Llame al ${business.phone}`);
    expect(texts(html, 'p', { class: 'home-eras__pipe' })).toEqual(pipeEras.map((e) => e.pipeType));
    expect(text).toContain('Antes de 1950');
    // The badge's label and its hidden suffix come from the shared RiskBadge.
    expect(text).toContain('Crítico');
  });

  it('shows the trust badges, warning signs, process steps and the diagram’s words in Spanish', () => {
    expect(texts(html, 'span', { class: 'home-trust__title' })).toEqual([
      'Con licencia, fianza y seguro',
      'Empresa familiar',
      'Servicio el mismo día',
      'Garantía de por vida',
      ratingBadge.label,
    ]);
    expect(texts(html, 'h3', { class: 'home-signs__title' })).toEqual([
      'Tapones frecuentes',
      'Drenaje lento',
      'Malos olores',
      'Gorgoteo',
      'Agua que se regresa',
    ]);
    expect(texts(html, 'h3', { class: 'home-steps__title' })).toEqual([
      'Inspección',
      'Diseño de la solución',
      'Instalación curada con luz',
      'Revisión final',
    ]);
    expect(html).toMatch(/<title id="[^"]+">Diagrama de una tubería reparada con revestimiento CIPP<\/title>/);
    expect(texts(html, 'text')).toEqual(['Tubo viejo con grietas y raíces', 'Revestimiento curado', 'Entrada de raíces sellada →']);
  });

  it('shows the Spanish service cards, linking the Spanish service pages', () => {
    expect(texts(html, 'h3', { class: 'home-service__title' })).toEqual(serviceCards.map((c) => c.title));
    const links = elements(html, 'a', { class: 'home-service__link' });
    expect(links.map((a) => attrOf(a.open, 'href'))).toEqual([
      '/es/services/cipp-lining',
      '/es/services/pipe-bursting',
      '/es/services/epoxy-coating',
      '/es/services/drain-inspections',
    ]);
    expect(visibleText(links[0]!.inner)).toBe(`Más información sobre ${serviceCards[0]!.title}`);
    const quotes = texts(html, 'button', { class: 'home-service__link home-service__link--button' });
    expect(quotes).toEqual(serviceCards.filter((c) => !c.href).map((c) => `Pida una cotización de ${c.title}`));
  });

  it('shows the Spanish featured project, with its title as the editable heading’s value', () => {
    const heading = elements(html, 'h2', { id: 'home-project-title', 'data-ec': 'home.project.title' });
    expect(heading).toHaveLength(1);
    // The Spanish heading ("Antes y después: {project}") is filled in with the Spanish project's title.
    expect(attrOf(heading[0]!.open, 'data-ec-project')).toBe(featuredProject.title);
    const text = visibleText(html);
    expect(text).toContain(`${featuredProject.location} · casa construida en ${featuredProject.yearBuilt}`);
    expect(texts(html, 'h3', { id: 'home-project-before' })).toEqual(['Antes']);
    expect(texts(html, 'h3', { id: 'home-project-after' })).toEqual(['Después']);
    expect(text).toContain(featuredProject.before.points[0]!);
    expect(text).toContain(featuredProject.result);
    expect(innerHtmls(html, 'button', { class: 'button button--primary' })).toContain('Obtenga el mismo resultado en su casa');
  });

  it('shows the risk table in Spanish: headings, legend, Spanish neighbourhoods and links to the Spanish city pages', () => {
    expect(texts(html, 'th', { scope: 'col' })).toEqual(['Vecindario', 'Ciudad', 'Construcción', 'Tipo de tubería', 'Riesgo', 'Lo que encontramos']);
    expect(texts(html, 'caption')[0]).toMatch(/^Riesgo de las tuberías de drenaje y alcantarillado en vecindarios del Valle de Phoenix/);
    expect(elements(html, 'ul', { class: 'home-risk__legend', 'aria-label': 'Niveles de riesgo' })).toHaveLength(1);
    const legend = elements(html, 'button', { class: 'home-risk__legend-item' }).map((b) => attrOf(b.open, 'aria-label'));
    expect(legend).toEqual(['Nivel de riesgo: Bajo', 'Nivel de riesgo: Moderado', 'Nivel de riesgo: Alto', 'Nivel de riesgo: Crítico']);
    expect(html).toContain('Líneas más nuevas de PVC o ABS');
    const rows = texts(html, 'th', { scope: 'row' });
    expect(rows[0]).toBe(homeTableNeighborhoods[0]!.name);
    expect(rows[0]).toBe('Distrito Histórico Willo');
    const withSubs = homeTableNeighborhoods.filter((n) => n.subNeighborhoods?.length);
    expect(texts(html, 'span', { class: 'home-risk__count' })).toEqual(withSubs.map((n) => `${n.subNeighborhoods!.length} zonas`));
    for (const n of homeTableNeighborhoods) expect(decodeEntities(html)).toContain(n.description);
    expect(html).toContain('href="/es/phoenix"');
    expect(html).not.toMatch(/href="\/(phoenix|scottsdale|tempe|mesa|risk-map)"/);
    expect(elements(html, 'a', { href: '/es/risk-map' }).map((a) => visibleText(a.inner))).toEqual([
      'Vea todos los vecindarios en el mapa interactivo de riesgo',
    ]);
  });

  it('names an expanded row’s areas in Spanish', () => {
    const first = homeTableNeighborhoods.find((n) => n.subNeighborhoods?.length)!;
    const out = renderHtml(inHome(<RiskTable initialExpanded={[first.id]} />, homeCopy), undefined, '/es/');
    expect(elements(out, 'ul', { class: 'home-risk__subs', 'aria-label': `Zonas de ${first.name}` })).toHaveLength(1);
    for (const s of first.subNeighborhoods ?? []) expect(decodeEntities(out)).toContain(s.details);
  });

  it('shows the Spanish stats, reviews (said to be translated) and videos, with Spanish star ratings', () => {
    expect(texts(html, 'span', { class: 'home-stats__label' })).toEqual(headlineStats.map((s) => s.label));
    expect(elements(html, 'ul', { class: 'home-stats', 'aria-label': 'En cifras' })).toHaveLength(1);
    expect(texts(html, 'blockquote', { class: 'home-review__text' })).toEqual(testimonials.map((t) => t.text));
    expect(texts(html, 'p', { class: 'home-reviews__note' })).toEqual(['Reseñas traducidas del inglés.']);
    expect(html.match(/Calificación: 5 de 5 estrellas/g)).toHaveLength(7);
    expect(texts(html, 'button', { class: 'video-embed__poster' })).toEqual(
      [processVideo, testimonialVideo].map((v) => `Reproducir video: ${v.title} Duración ${v.duration}`),
    );
    expect(texts(html, 'span', { class: 'home-video__title' })).toEqual(videos.map((v) => v.title));
    expect(texts(html, 'p', { class: 'home-video__meta' })[0]).toBe(`${videos[0]!.location} · casa construida en ${videos[0]!.yearBuilt}`);
    expect(texts(html, 'dt')).toEqual(videos.flatMap(() => ['Problema', 'Solución']));
    expect(elements(html, 'ul', { class: 'home-video__tags', 'aria-label': 'Etiquetas' })).toHaveLength(videos.length);
    expect(texts(html, 'ul', { class: 'home-video__tags' })[2]).toBe(videos[2]!.tags.join(' '));
  });

  it('links the reviews on Google Maps in Spanish, opening in a new tab', () => {
    const link = elements(html, 'a', { target: '_blank' }).filter((a) => attrOf(a.open, 'href')?.startsWith('https://www.google.com/maps/'));
    expect(link.map((a) => attrOf(a.open, 'href'))).toEqual([
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(business.companyName)}&hl=es`,
    ]);
    expect(visibleText(link[0]!.inner)).toBe('Lea más reseñas (se abre en una pestaña nueva)');
  });

  it('opens a video’s player in Spanish', () => {
    const v = videos[1]!;
    const out = renderHtml(inHome(<VideoShowcase initialOpenId={v.id} />, homeCopy), undefined, '/es/');
    expect(elements(out, 'li', { class: 'home-videos__player', 'aria-label': `Reproductor de video: ${v.title}` })).toHaveLength(1);
    expect(out).toContain('>Cerrar video</button>');
    expect(out).toMatch(new RegExp(`<iframe[^>]*title="${escapeRe(v.title)}"`));
  });

  it('shows About in Spanish: offers, Spanish office hours and the Spanish service area for the editable intro', () => {
    const text = visibleText(html);
    expect(text).toContain('Vecinos que ayudan a vecinos');
    expect(text).toContain('Bono de $500 por recomendación por cada vecino');
    expect(text).toContain('10% de descuento de grupo cuando 3 o más vecinos contratan juntos.');
    expect(texts(html, 'ul', { class: 'plain-list home-about__hours' })).toEqual(['lun-vie 7AM-6PM sáb 8AM-4PM dom con cita previa']);
    const intro = elements(html, 'div', { 'data-ec': 'home.about.intro' });
    // The seed's Spanish reads "… en {area} …".
    expect(attrOf(intro[0]!.open, 'data-ec-area')).toBe('el Valle de Phoenix');
    expect(attrOf(intro[0]!.open, 'data-ec-founded')).toBe(String(business.foundedYear));
  });

  it('leaves none of the home catalog’s English on the page (outside the staff-editable texts)', () => {
    // What a visitor reads or hears: the text, and the labels, titles and alternatives in attributes.
    const page = withoutEditables(html);
    const readable = [
      visibleText(page),
      ...[...page.matchAll(/\s(?:aria-label|title|alt|placeholder)="([^"]*)"/g)].map((m) => decodeEntities(m[1]!)),
    ].join('\n');
    const catalog = readFileSync(new URL('../../../locales/home/en.po', import.meta.url), 'utf8');
    const ids = [...catalog.matchAll(/^msgid "(.+)"$/gm)].map((m) => JSON.parse(`"${m[1]}"`) as string);
    expect(ids.length).toBeGreaterThan(60);
    // The words between placeholders and tags: "{location} · built {yearBuilt}" → "· built".
    const pieces = ids
      .filter((id) => !id.includes(', plural,') && id !== 'the Greater Phoenix Valley')
      .flatMap((id) => id.split(/\{[^}]+\}|<\/?\d+>/))
      .map((p) => p.trim())
      .filter((p) => /[a-z]{3}/i.test(p));
    const left = pieces.filter((p) => new RegExp(`(^|[^\\p{L}])${escapeRe(p)}($|[^\\p{L}])`, 'u').test(readable));
    expect(left).toEqual([]);
  });
});
