import type { ReactElement } from 'react';
import { I18nProvider } from '@lingui/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { business } from '@/config/business';
import { pipeEras } from '@/content/eras';
import {
  cippLiningPage,
  drainInspectionsPage,
  epoxyCoatingPage,
  pipeBurstingPage,
  servicePages,
} from '@/content/service-pages';
import { processVideo } from '@/content/videos';
import { activateLocale, i18n } from '@/i18n/catalog';
import { CippLiningRoute } from '@/routes/service-cipp-lining';
import { DrainInspectionsRoute } from '@/routes/service-drain-inspections';
import { EpoxyCoatingRoute } from '@/routes/service-epoxy-coating';
import { PipeBurstingRoute } from '@/routes/service-pipe-bursting';
import { attrOf, countTags, elements, escapeRe, innerHtmls, openTag, textOnly, visibleText } from '@/testing/html';
import { prerenderHtml } from '@/testing/prerender';
import { ScheduleButton } from './index';
import { sectionsOf, sectionTitled } from './testing/sections';

// ---- helpers over the prerendered HTML ------------------------------------

function headingLevels(html: string): number[] {
  return [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
}

const count = (html: string, re: RegExp) => (html.match(re) ?? []).length;

/** How many schedule buttons (of this class) the HTML has. */
const scheduleButtons = (html: string, className = 'button button--primary') =>
  innerHtmls(html, 'button', { type: 'button', class: className }).filter((t) => t === 'Schedule Free Inspection').length;

/** How many links call the business. */
const telLinks = (html: string) => countTags(html, 'a', { href: business.phoneHref });

// ---- the four pages ---------------------------------------------------------

type PageCase = {
  name: string;
  Route: () => ReactElement;
  page: (typeof servicePages)[number];
  /** Section titles in SPEC order, ending with the contact section. */
  order: readonly string[];
  /** Title of the section holding the five-step process. */
  process: string;
};

const cases: readonly PageCase[] = [
  {
    name: 'CIPP lining',
    Route: CippLiningRoute,
    page: cippLiningPage,
    order: [
      cippLiningPage.hero.title,
      cippLiningPage.explanation.title,
      cippLiningPage.process.title,
      cippLiningPage.benefits.title,
      cippLiningPage.video.title,
      cippLiningPage.comparison.title,
      cippLiningPage.faqs.title,
      cippLiningPage.cta.title,
      cippLiningPage.contactTitle,
    ],
    process: cippLiningPage.process.title,
  },
  {
    name: 'pipe bursting',
    Route: PipeBurstingRoute,
    page: pipeBurstingPage,
    order: [
      pipeBurstingPage.hero.title,
      pipeBurstingPage.explanation.title,
      pipeBurstingPage.process.title,
      pipeBurstingPage.suitability.title,
      pipeBurstingPage.comparison.title,
      pipeBurstingPage.cta.title,
      pipeBurstingPage.contactTitle,
    ],
    process: pipeBurstingPage.process.title,
  },
  {
    name: 'epoxy coating',
    Route: EpoxyCoatingRoute,
    page: epoxyCoatingPage,
    order: [
      epoxyCoatingPage.hero.title,
      epoxyCoatingPage.explanation.title,
      epoxyCoatingPage.process.title,
      epoxyCoatingPage.benefits.title,
      epoxyCoatingPage.suitability.title,
      epoxyCoatingPage.priceTiers.title,
      epoxyCoatingPage.cta.title,
      epoxyCoatingPage.contactTitle,
    ],
    process: epoxyCoatingPage.process.title,
  },
  {
    name: 'drain inspections',
    Route: DrainInspectionsRoute,
    page: drainInspectionsPage,
    order: [
      drainInspectionsPage.hero.title,
      drainInspectionsPage.reveals.title,
      drainInspectionsPage.process.title,
      drainInspectionsPage.whenToGet.title,
      drainInspectionsPage.localIssues.title,
      drainInspectionsPage.cta.title,
      drainInspectionsPage.contactTitle,
    ],
    process: drainInspectionsPage.process.title,
  },
];

const rendered = new Map<string, string>();
const htmlOf = (name: string) => {
  const html = rendered.get(name);
  if (html === undefined) throw new Error(`${name} was not rendered`);
  return html;
};

beforeAll(async () => {
  await activateLocale('en');
  for (const c of cases) {
    rendered.set(
      c.name,
      await prerenderHtml(
        <I18nProvider i18n={i18n}>
          <c.Route />
        </I18nProvider>,
      ),
    );
  }
});

describe.each(cases)('the $name page', (c) => {
  it('has its own title, a 140–160 character description and its canonical /services/ path', () => {
    const html = htmlOf(c.name);
    expect(c.page.path).toMatch(/^\/services\/[a-z-]+$/);
    expect(innerHtmls(html, 'title').map(textOnly)).toContain(`${c.page.seo.title} | ${business.companyName}`);
    expect(elements(html, 'meta', { name: 'description' }).map((m) => attrOf(m.open, 'content'))).toContain(c.page.seo.description);
    expect(c.page.seo.description.length).toBeGreaterThanOrEqual(140);
    expect(c.page.seo.description.length).toBeLessThanOrEqual(160);
    const canonicals = elements(html, 'link', { rel: 'canonical' }).map((l) => attrOf(l.open, 'href'));
    expect(canonicals).toContainEqual(expect.stringMatching(new RegExp(`^https?://[^"]+${escapeRe(c.page.path)}$`)));
  });

  it('renders its sections in SPEC order and ends with the contact section', () => {
    const html = htmlOf(c.name);
    const sections = sectionsOf(html);
    expect(sections.map((s) => s.title)).toEqual(c.order);
    expect(count(html, /<section\b/g)).toBe(c.order.length);
    const last = sections.at(-1);
    expect(attrOf(last?.open ?? '', 'id')).toBe('contact');
    expect(count(html, /\bid="contact"/g)).toBe(1);
    // Nothing but closing tags (and the prerender's hydration-slice marks) after the contact section.
    expect(html.slice(html.lastIndexOf('</section>') + '</section>'.length)).toMatch(/^(<\/[a-z]+>|<!--[^>]*-->)*$/);
  });

  it('labels every section with a heading inside it, and has one h1 (in the hero) and no skipped levels', () => {
    const html = htmlOf(c.name);
    const sections = sectionsOf(html);
    for (const s of sections) {
      expect(s.labelledBy, s.open).not.toBe('');
      expect(s.headingLevel, s.labelledBy).toBeGreaterThan(0);
    }
    expect(sections[0]?.headingLevel).toBe(1);
    expect(sections.slice(1).every((s) => s.headingLevel === 2)).toBe(true);
    const levels = headingLevels(html);
    expect(levels[0]).toBe(1);
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level - (levels[i - 1] ?? 1), `heading ${i}`).toBeLessThanOrEqual(1);
    });
  });

  it('offers the schedule button and the call link in the hero', () => {
    const hero = sectionsOf(htmlOf(c.name))[0]?.body ?? '';
    expect(scheduleButtons(hero)).toBe(1);
    expect(telLinks(hero)).toBe(1);
    expect(innerHtmls(hero, 'a', { href: business.phoneHref }).map(textOnly)).toEqual([`Call ${business.phone}`]);
  });

  it('closes with a call to action: schedule, call, and links to the other three service pages', () => {
    const cta = sectionTitled(htmlOf(c.name), c.page.cta.title).body;
    expect(scheduleButtons(cta, 'button service-cta__schedule')).toBe(1);
    expect(telLinks(cta)).toBe(1);
    const links = [...cta.matchAll(/href="(\/services\/[^"]+)"/g)].map((m) => m[1]);
    expect(links).toHaveLength(3);
    expect(links).not.toContain(c.page.path);
  });

  it('has exactly five process steps, in an ordered list', () => {
    const section = sectionTitled(htmlOf(c.name), c.process);
    expect(countTags(section.body, 'ol', { class: 'service-steps' })).toBe(1);
    expect(countTags(section.body, 'li', { class: 'service-steps__item' })).toBe(5);
    expect(countTags(section.body, 'h3', { class: 'service-steps__title' })).toBe(5);
  });

  it('labels each scrolling table region with its caption, with column and row headers', () => {
    const html = htmlOf(c.name);
    const regions = elements(html, 'div', { class: 'service-table__scroll', role: 'region', 'aria-labelledby': true, tabindex: '0' });
    expect(count(html, /<table\b/g)).toBe(regions.length);
    for (const { open } of regions) {
      const id = attrOf(open, 'aria-labelledby');
      expect(id).toMatch(/./);
      expect(countTags(html, 'caption', { id: id! })).toBe(1);
    }
    if (regions.length > 0) {
      expect(countTags(html, 'th', { scope: 'col' })).toBeGreaterThan(0);
      expect(countTags(html, 'th', { scope: 'row' })).toBeGreaterThan(0);
    }
  });

  it('loads nothing from the network and runs no inline script', () => {
    const html = htmlOf(c.name);
    expect(html).not.toMatch(/<img|<iframe|<script/);
    // The head tags hold the absolute canonical URL; the page itself links nowhere off-site.
    const start = html.search(openTag('div', { class: 'service-page' }));
    expect(start).toBeGreaterThan(0);
    const body = html.slice(start);
    expect(body).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
  });

  it('keeps the warranty and the liner life apart and names no invented prices', () => {
    const text = visibleText(htmlOf(c.name));
    expect(text).not.toMatch(/50-year warranty/i);
    const dollarAmounts = text.match(/\$\d[\d,]*/g) ?? [];
    // The only dollar figure on any page is SPEC §1's referral bonus.
    for (const amount of dollarAmounts) expect(amount).toBe('$500');
  });
});

describe('all four service pages', () => {
  it('have distinct titles and descriptions', () => {
    expect(new Set(servicePages.map((p) => p.seo.title)).size).toBe(4);
    expect(new Set(servicePages.map((p) => p.seo.description)).size).toBe(4);
    expect(servicePages.map((p) => p.path)).toEqual([
      '/services/cipp-lining',
      '/services/pipe-bursting',
      '/services/epoxy-coating',
      '/services/drain-inspections',
    ]);
  });
});

describe('CIPP lining page', () => {
  it('answers six FAQs in native <details> disclosures, all closed', () => {
    const faqs = sectionTitled(htmlOf('CIPP lining'), cippLiningPage.faqs.title).body;
    expect(count(faqs, /<details\b/g)).toBe(6);
    const questions = [...faqs.matchAll(/<summary[^>]*>([^<]+)<\/summary>/g)].map((m) => visibleText(m[1] ?? ''));
    expect(questions).toEqual(cippLiningPage.faqs.faqs.map((f) => f.question));
    expect(questions).toHaveLength(6);
    expect(countTags(faqs, 'details', { open: true })).toBe(0);
  });

  it('embeds the demo video as a poster button until it is pressed', () => {
    const video = sectionTitled(htmlOf('CIPP lining'), cippLiningPage.video.title).body;
    expect(countTags(video, 'button', { type: 'button', class: 'video-embed__poster' })).toBe(1);
    expect(visibleText(video)).toContain(`Play video: ${processVideo.title}`);
    expect(video).toContain(processVideo.duration);
    expect(video).not.toContain('<iframe');
  });

  it('states the lining claims in SPEC §1 wording', () => {
    const text = visibleText(htmlOf('CIPP lining'));
    for (const claim of [
      'Lifetime warranty on lining installs',
      '50+ year lining life',
      'CIPP repairs 90% of pipe problems',
      'Same-day CIPP jobs take 4–8 hours',
      '30–50% less than replacement',
      'Free camera inspection with any estimate',
    ]) {
      expect(text).toContain(claim);
    }
  });

  it('shows at least three benefit cards and compares lining with dig and replace in a table', () => {
    const html = htmlOf('CIPP lining');
    const benefits = sectionTitled(html, cippLiningPage.benefits.title).body;
    expect(countTags(benefits, 'li', { class: 'card service-card' })).toBeGreaterThanOrEqual(3);
    const table = sectionTitled(html, cippLiningPage.comparison.title).body;
    const captions = elements(table, 'caption', { id: true, class: 'service-table__caption' });
    expect(captions.map((c) => c.inner)).toContainEqual(expect.stringMatching(/^<span>CIPP lining compared with/));
    expect(table).toContain('<th scope="col">CIPP lining</th><th scope="col">Dig and replace</th>');
    expect(count(table, /<th scope="row">/g)).toBe(cippLiningPage.comparison.rows.length);
  });
});

describe('pipe bursting page', () => {
  it('states 3x3 feet access pits and 1-2 days versus 1-2 weeks for dig and replace', () => {
    const html = htmlOf('pipe bursting');
    const explanation = visibleText(sectionTitled(html, pipeBurstingPage.explanation.title).body);
    expect(explanation).toContain('two access pits of 3x3 feet');
    expect(explanation).toContain('1-2 days versus 1-2 weeks for dig and replace');
    const hero = visibleText(sectionsOf(html)[0]?.body ?? '');
    expect(hero).toContain('3x3 feet');
    expect(hero).toContain('1-2 days versus 1-2 weeks for dig and replace');
  });

  it('compares the figures with dig and replace in the table', () => {
    const table = sectionTitled(htmlOf('pipe bursting'), pipeBurstingPage.comparison.title).body;
    expect(table).toContain('<th scope="row">Time</th><td>1-2 days</td><td>1-2 weeks</td>');
    expect(table).toContain('<th scope="row">Excavation</th><td>Two access pits of 3x3 feet</td>');
  });

  it('shows the suitability cards', () => {
    const cards = sectionTitled(htmlOf('pipe bursting'), pipeBurstingPage.suitability.title).body;
    expect(countTags(cards, 'li', { class: 'card service-card' })).toBe(4);
    expect(cards).toContain('Collapsed Orangeburg pipe');
  });
});

describe('epoxy coating page', () => {
  it('lists what epoxy is perfect for and not suitable for', () => {
    const section = sectionTitled(htmlOf('epoxy coating'), epoxyCoatingPage.suitability.title).body;
    // Each list is labelled by the card title heading just before it.
    const lists = elements(section, 'ul', { class: 'service-fit__list', 'aria-labelledby': true }).map((ul) => {
      const heading = elements(section, 'h3', { id: attrOf(ul.open, 'aria-labelledby')!, class: 'card__title' })[0];
      expect(heading, ul.open).toBeDefined();
      expect(section).toContain(`${heading!.outer}${ul.outer}`);
      return { title: textOnly(heading!.inner), items: countTags(ul.inner, 'li') };
    });
    expect(lists).toEqual([
      { title: 'Perfect for', items: 5 },
      { title: 'Not suitable for', items: 6 },
    ]);
    expect(visibleText(section)).toContain('Orangeburg (tar-paper) pipe');
    expect(section).toContain('href="/services/cipp-lining"');
    expect(section).toContain('href="/services/pipe-bursting"');
  });

  it('compares price tiers as $ / $$ / $$$, with words for screen readers', () => {
    const table = sectionTitled(htmlOf('epoxy coating'), epoxyCoatingPage.priceTiers.title).body;
    expect(table).toContain('<th scope="col">Epoxy coating</th><th scope="col">CIPP lining</th><th scope="col">Dig and replace</th>');
    const tierRow = /<th scope="row">Relative cost<\/th>([\s\S]*?)<\/tr>/.exec(table)?.[1] ?? '';
    const tiers = innerHtmls(tierRow, 'span', { class: 'service-table__symbol', 'aria-hidden': 'true' });
    expect(tiers).toEqual(['$', '$$', '$$$']);
    const words = innerHtmls(tierRow, 'span', { class: 'visually-hidden' }).filter((t) => /^[^<]+relative cost$/.test(t));
    expect(words).toHaveLength(3);
  });

  it('states the epoxy claims: 4–6 hours and 20–30 more years', () => {
    const text = visibleText(htmlOf('epoxy coating'));
    expect(text).toContain('Jobs take 4–6 hours');
    expect(text).toContain('Extends pipe life 20–30 years');
  });
});

describe('drain inspections page', () => {
  it('shows what cameras reveal', () => {
    const section = sectionTitled(htmlOf('drain inspections'), drainInspectionsPage.reveals.title).body;
    expect(countTags(section, 'li', { class: 'card service-card' })).toBe(6);
    for (const defect of ['Cracks and breaks', 'Root intrusion', 'Corrosion and scale']) expect(section).toContain(defect);
  });

  it('says when to get an inspection', () => {
    const section = sectionTitled(htmlOf('drain inspections'), drainInspectionsPage.whenToGet.title).body;
    expect(count(section, /<li>/g)).toBe(8);
  });

  it('covers the local pipe issues: cast iron, Orangeburg, clay, roots and caliche, with risk badges', () => {
    const section = sectionTitled(htmlOf('drain inspections'), drainInspectionsPage.localIssues.title).body;
    const titles = innerHtmls(section, 'h3', { class: 'card__title' }).map(textOnly);
    expect(titles).toEqual([...pipeEras.map((e) => e.pipeType), 'Caliche and shifting soil', 'Hard water']);
    expect(titles.join(' ')).toMatch(/Cast iron.*Orangeburg.*clay.*Root intrusion.*Caliche/);
    expect(countTags(section, 'span', { class: 'risk-badge' })).toBe(4);
    expect(visibleText(section)).toContain('Homes built: 1960–1975');
  });

  it('has the free inspection banner with the schedule button, the call link and the risk map', () => {
    const banner = sectionTitled(htmlOf('drain inspections'), 'Free camera inspection with any estimate').body;
    expect(scheduleButtons(banner, 'button service-cta__schedule')).toBe(1);
    expect(telLinks(banner)).toBe(1);
    expect(banner).toContain('href="/risk-map"');
    expect(visibleText(banner)).toContain('Free inspection for homes in high-risk areas');
  });
});

describe('ScheduleButton', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs the shared scheduling action: a smooth scroll to #contact', () => {
    const scrollIntoView = vi.fn();
    const getElementById = vi.fn((id: string) => (id === 'contact' ? { scrollIntoView } : null));
    vi.stubGlobal('document', { getElementById });
    const button = ScheduleButton({ label: 'Schedule Free Inspection' });
    expect(button.type).toBe('button');
    (button.props as { onClick: () => void }).onClick();
    expect(getElementById).toHaveBeenCalledWith('contact');
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
  });
});

// ---- the Spanish pages (issue 40) -------------------------------------------
