// The four service pages at /es/services/… (issue 40): the Spanish copy in the English pages' order, links at
// their /es/ addresses, none of the English copy.
import { beforeAll, describe, expect, it } from 'vitest';
import { render } from '@/app/entry-server';
import { business } from '@/config/business';
import * as es from '@/content/es/service-pages';
import { cippLiningPage, drainInspectionsPage, epoxyCoatingPage, pipeBurstingPage } from '@/content/service-pages';
import { attrOf, countTags, elements, escapeRe, innerHtmls, textOnly, visibleText } from '@/testing/html';
import { sectionsOf, sectionTitled } from './testing/sections';

/** A page's main area as the prerender writes it (its head tags are hoisted from here). */
async function mainOf(path: string): Promise<{ html: string; modules: string[]; locale: string }> {
  const { html, modules, locale } = await render(path);
  return { html: html.slice(html.indexOf('>', html.indexOf('<main')) + 1, html.indexOf('</main>')), modules, locale };
}

/** A Spanish page's main area. */
async function spanishPage(path: string): Promise<{ html: string; modules: string[] }> {
  const page = await mainOf(`/es${path}`);
  expect(page.locale).toBe('es');
  return page;
}

/** Each English page, its Spanish copy and the Spanish route's module. */
const spanishCases = [
  { en: cippLiningPage, page: es.cippLiningPage, module: 'routes/es/service-cipp-lining' },
  { en: pipeBurstingPage, page: es.pipeBurstingPage, module: 'routes/es/service-pipe-bursting' },
  { en: epoxyCoatingPage, page: es.epoxyCoatingPage, module: 'routes/es/service-epoxy-coating' },
  { en: drainInspectionsPage, page: es.drainInspectionsPage, module: 'routes/es/service-drain-inspections' },
] as const;

describe.each(spanishCases)('$page.path in Spanish', ({ en, page, module }) => {
  let html = '';
  let englishHtml = '';
  beforeAll(async () => {
    const rendered = await spanishPage(page.path);
    expect(rendered.modules).toEqual([module]);
    html = rendered.html;
    englishHtml = (await mainOf(en.path)).html;
  });

  it('has the Spanish title and description and its /es/ canonical', () => {
    expect(innerHtmls(html, 'title').map(textOnly)).toEqual([`${page.seo.title} | ${business.companyName}`]);
    expect(elements(html, 'meta', { name: 'description' }).map((m) => attrOf(m.open, 'content'))).toEqual([page.seo.description]);
    const canonicals = elements(html, 'link', { rel: 'canonical' }).map((l) => attrOf(l.open, 'href'));
    expect(canonicals).toEqual([expect.stringMatching(new RegExp(`^https?://[^"]+/es${escapeRe(page.path)}$`))]);
  });

  it('renders the Spanish copy in the English page’s order, ending with the contact section', () => {
    const titles = sectionsOf(html).map((s) => s.title);
    const english = sectionsOf(englishHtml).map((s) => s.title);
    expect(titles).toHaveLength(english.length);
    expect(titles[0]).toBe(page.hero.title);
    expect(titles.at(-2)).toBe(page.cta.title);
    expect(titles.at(-1)).toBe(page.contactTitle);
    titles.forEach((title, i) => expect(title, `section ${i}`).not.toBe(english[i]));
  });

  it('schedules, calls and links to the other service pages in Spanish, at their /es/ addresses', () => {
    const sections = sectionsOf(html);
    const hero = sections[0]!.body;
    expect(innerHtmls(hero, 'button', { type: 'button' })).toEqual([page.hero.scheduleLabel]);
    expect(innerHtmls(hero, 'a', { href: business.phoneHref }).map(textOnly)).toEqual([`Llame al ${business.phone}`]);
    const cta = sectionTitled(html, page.cta.title).body;
    expect(innerHtmls(cta, 'button', { type: 'button', class: 'button service-cta__schedule' })).toEqual([page.cta.scheduleLabel]);
    expect(visibleText(cta)).toContain(page.cta.relatedLabel);
    const links = [...cta.matchAll(/href="(\/[^"]*services\/[^"]+)"/g)].map((m) => m[1]);
    expect(links).toHaveLength(3);
    for (const link of links) expect(link).toMatch(/^\/es\/services\/[a-z-]+$/);
    expect(links).not.toContain(`/es${page.path}`);
    // No site link on the page is left at its English address.
    expect(html).not.toMatch(/href="\/(services|risk-map|contact|resources)\b/);
  });

  it('shows none of the English page’s copy', () => {
    const text = visibleText(html);
    for (const english of [en.hero.title, en.hero.scheduleLabel, en.cta.title, en.cta.text, en.cta.relatedLabel, en.contactTitle]) {
      expect(text).not.toContain(english);
    }
  });
});

describe('the Spanish pages’ own parts', () => {
  it('epoxy coating: the Spanish fit lists and the alternatives at their /es/ addresses', async () => {
    const { html } = await spanishPage(es.epoxyCoatingPage.path);
    const section = sectionTitled(html, es.epoxyCoatingPage.suitability.title).body;
    const lists = innerHtmls(section, 'h3', { class: 'card__title' }).map(textOnly);
    expect(lists).toEqual([es.epoxyCoatingPage.suitability.perfectFor.title, es.epoxyCoatingPage.suitability.notSuitableFor.title]);
    expect(section).toContain('href="/es/services/cipp-lining"');
    expect(section).toContain('href="/es/services/pipe-bursting"');
  });

  it('drain inspections: the pipe eras with Spanish years and risk badges, the banner’s link to /es/risk-map', async () => {
    const { html } = await spanishPage(es.drainInspectionsPage.path);
    const local = sectionTitled(html, es.drainInspectionsPage.localIssues.title).body;
    expect(visibleText(local)).toContain(`${es.drainInspectionsPage.localIssues.yearsLabel} 1960–1975`);
    expect(countTags(local, 'span', { class: 'risk-badge' })).toBe(4);
    const banner = sectionTitled(html, es.drainInspectionsPage.cta.title).body;
    expect(banner).toContain('href="/es/risk-map"');
  });

  it('CIPP lining: the Spanish FAQs and the Spanish demo video', async () => {
    const { html } = await spanishPage(es.cippLiningPage.path);
    const faqs = sectionTitled(html, es.cippLiningPage.faqs.title).body;
    const questions = [...faqs.matchAll(/<summary[^>]*>([^<]+)<\/summary>/g)].map((m) => visibleText(m[1] ?? ''));
    expect(questions).toEqual(es.cippLiningPage.faqs.faqs.map((f) => f.question));
    const video = sectionTitled(html, es.cippLiningPage.video.title).body;
    expect(visibleText(video)).toContain(es.cippLiningPage.video.video.title);
  });
});
