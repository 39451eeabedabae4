import { describe, expect, it } from 'vitest';
import { business } from '@/config/business';
import { homeCopy } from '@/content/home-page';
import { homeTableNeighborhoods as neighborhoods } from '@/content/home-neighborhoods';
import { videos } from '@/content/videos';
import { attrOf, countTags, elements, innerHtmls, textOnly } from '@/testing/html';
import { headingLevels, inHome, renderHtml } from '../testing/render';
import { AboutSection } from './AboutSection';
import { HomeSections } from './HomeSections';
import { RiskTable } from './RiskTable';
import { VideoShowcase } from './VideoShowcase';

const html = renderHtml(
  <>
    <HomeSections copy={homeCopy} />
    <div className="home">
      <AboutSection />
    </div>
  </>,
);

describe('HomeSections', () => {
  it('renders sections 1–9 in SPEC order (and About as the route adds it), each labelled by a heading inside it', () => {
    const sections = [...html.matchAll(/<section\b[^>]*aria-labelledby="([^"]+)"/g)].map((m) => m[1]);
    expect(sections).toEqual([
      'home-hero-title',
      'home-trust-title',
      'home-problem-title',
      'home-services-title',
      'home-project-title',
      'home-process-title',
      'home-risk-title',
      'home-reviews-title',
      'home-videos-title',
      'home-about-title',
    ]);
    for (const id of sections) expect(html.match(new RegExp(`<h[1-6][^>]*id="${id}"`, 'g')), id).toHaveLength(1);
    expect(html.match(/<section\b/g)).toHaveLength(sections.length);
  });

  it('has one h1 first and never skips a heading level', () => {
    const levels = headingLevels(html);
    expect(levels[0]).toBe(1);
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level - (levels[i - 1] ?? 1), `heading ${i}`).toBeLessThanOrEqual(1);
    });
  });

  it('has the About target with the founding year and the footer’s hours', () => {
    expect(countTags(html, 'section', { id: 'about' })).toBe(1);
    expect(html).toContain(`founded in ${business.foundedYear}`);
    for (const h of ['Mon-Fri 7AM-6PM', 'Sat 8AM-4PM', 'Sun by appointment']) expect(html).toContain(h);
  });

  it('loads nothing from the network before a visitor asks for it', () => {
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    const external = [...html.matchAll(/(?:src|href)="(https?:[^"]+)"/g)].map((m) => m[1]);
    expect(external).toEqual(['https://www.google.com/maps/search/?api=1&amp;query=' + encodeURIComponent(business.companyName)]);
  });

  it('shows six five-star reviews, the rating badge and a review link opening in a new tab', () => {
    expect(countTags(html, 'figure', { class: 'home-review' })).toBe(6);
    expect(html.match(/Rated 5 out of 5 stars/g)).toHaveLength(7);
    const reviewLinks = elements(html, 'a', { href: true, target: '_blank', rel: 'noopener noreferrer' }).filter(
      (a) => attrOf(a.open, 'href')?.startsWith('https://www.google.com/maps/search/') && a.inner.startsWith('Read more reviews'),
    );
    expect(reviewLinks).toHaveLength(1);
    expect(html).toContain('90%');
    expect(html).toContain('30–50%');
  });

  it('shows six service cards linking the four service pages', () => {
    expect(elements(html, 'article', { class: true }).filter((a) => attrOf(a.open, 'class')?.startsWith('home-service '))).toHaveLength(6);
    for (const path of ['/services/cipp-lining', '/services/pipe-bursting', '/services/epoxy-coating', '/services/drain-inspections']) {
      expect(html).toContain(`href="${path}"`);
    }
  });

  it('lists the five warning signs and labels the lined-pipe diagram', () => {
    for (const sign of ['Frequent clogs', 'Slow drainage', 'Bad odors', 'Gurgling', 'Water backups']) expect(html).toContain(sign);
    expect(elements(html, 'svg', { role: 'img', 'aria-labelledby': true }).map((s) => attrOf(s.open, 'aria-labelledby'))).toContainEqual(
      expect.stringMatching(/./),
    );
    expect(html).toContain('<title id=');
  });

  it('shows the four process steps', () => {
    const steps = innerHtmls(html, 'h3', { class: 'home-steps__title' }).map(textOnly);
    expect(steps).toEqual(['Inspection', 'Solution design', 'Light-cured installation', 'Final check']);
  });

  it('has scheduling buttons, not links, for the contact section', () => {
    expect(html).toContain('>Schedule Free Inspection</button>');
    expect(html).toContain('>Get the Same Result for Your Home</button>');
  });
});

describe('RiskTable', () => {
  const withSubs = neighborhoods.filter((n) => n.subNeighborhoods?.length);

  it('has a row per neighborhood and collapsed toggles for those with sub-areas', () => {
    expect(html.match(/<th scope="row"/g)).toHaveLength(neighborhoods.length);
    expect(countTags(html, 'button', { type: 'button', class: 'home-risk__toggle', 'aria-expanded': 'false' })).toBe(withSubs.length);
    const details = elements(html, 'tr', { id: true, class: 'home-risk__detail', hidden: '' });
    expect(details.map((d) => attrOf(d.open, 'id'))).toEqual(withSubs.map((n) => `home-risk-sub-${n.id}`));
    expect(html).toContain('Moderate');
  });

  it('shows an expanded row’s sub-areas and marks its toggle expanded', () => {
    const first = withSubs[0]!;
    const out = renderHtml(inHome(<RiskTable initialExpanded={[first.id]} />));
    expect(countTags(out, 'button', { 'aria-expanded': 'true', 'aria-controls': `home-risk-sub-${first.id}` })).toBe(1);
    const detail = elements(out, 'tr', { id: `home-risk-sub-${first.id}`, class: 'home-risk__detail' });
    expect(detail).toHaveLength(1);
    expect(attrOf(detail[0]!.open, 'hidden')).toBeUndefined();
    for (const s of first.subNeighborhoods ?? []) expect(out).toContain(s.name);
    expect(out.match(/aria-expanded="true"/g)).toHaveLength(1);
  });
});

describe('VideoShowcase', () => {
  it('shows 8 collapsed card buttons and no player at first', () => {
    expect(countTags(html, 'button', { class: 'home-video__button', 'aria-expanded': 'false' })).toBe(8);
    expect(html).not.toContain('Close Video');
  });

  it('puts the open video’s player directly after its card, with a Close Video button', () => {
    const v = videos[2]!;
    const out = renderHtml(inHome(<VideoShowcase initialOpenId={v.id} />));
    expect(out.match(/aria-expanded="true"/g)).toHaveLength(1);
    expect(out.match(/<iframe/g)).toHaveLength(1);
    expect(out).toContain(`src="https://www.youtube-nocookie.com/embed/${v.videoId}?autoplay=1&amp;rel=0"`);
    expect(out).toContain('>Close Video</button>');
    // The card's list item is immediately followed by the player's.
    const items = elements(out, 'li', { class: true })
      .map((li) => attrOf(li.open, 'class'))
      .filter((c) => c === 'home-videos__cell' || c === 'home-videos__player');
    expect(items).toEqual([...Array(3).fill('home-videos__cell'), 'home-videos__player', ...Array(5).fill('home-videos__cell')]);
    const card = out.indexOf(v.title);
    expect(card).toBeGreaterThan(-1);
    expect(out.indexOf('home-videos__player')).toBeGreaterThan(card);
    expect(out).toContain(`aria-controls="home-video-player-${v.id}"`);
    expect(out).toContain(`id="home-video-player-${v.id}"`);
  });
});
