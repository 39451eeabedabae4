import { describe, expect, it } from 'vitest';
import { business } from '@/config/business';
import { homeTableNeighborhoods as neighborhoods } from '@/content/home-neighborhoods';
import { videos } from '@/content/videos';
import { headingLevels, renderHtml } from '../testing/render';
import { AboutSection } from './AboutSection';
import { HomeSections } from './HomeSections';
import { RiskTable } from './RiskTable';
import { VideoShowcase } from './VideoShowcase';

const html = renderHtml(
  <>
    <HomeSections />
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
    expect(html).toMatch(/<section id="about"/);
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
    expect(html.match(/<figure class="home-review"/g)).toHaveLength(6);
    expect(html.match(/Rated 5 out of 5 stars/g)).toHaveLength(7);
    expect(html).toMatch(/<a[^>]*href="https:\/\/www\.google\.com\/maps\/search\/[^"]*"[^>]*target="_blank" rel="noopener noreferrer"[^>]*>Read more reviews/);
    expect(html).toContain('90%');
    expect(html).toContain('30–50%');
  });

  it('shows six service cards linking the four service pages', () => {
    expect(html.match(/<article class="home-service /g)).toHaveLength(6);
    for (const path of ['/services/cipp-lining', '/services/pipe-bursting', '/services/epoxy-coating', '/services/drain-inspections']) {
      expect(html).toContain(`href="${path}"`);
    }
  });

  it('lists the five warning signs and labels the lined-pipe diagram', () => {
    for (const sign of ['Frequent clogs', 'Slow drainage', 'Bad odors', 'Gurgling', 'Water backups']) expect(html).toContain(sign);
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="[^"]+"/);
    expect(html).toContain('<title id=');
  });

  it('shows the four process steps', () => {
    const steps = [...html.matchAll(/<h3 class="home-steps__title">([^<]+)<\/h3>/g)].map((m) => m[1]);
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
    expect(html.match(/<button type="button" class="home-risk__toggle" aria-expanded="false"/g)).toHaveLength(withSubs.length);
    expect(html.match(/<tr id="home-risk-sub-[^"]+" class="home-risk__detail" hidden=""/g)).toHaveLength(withSubs.length);
    expect(html).toContain('Moderate');
  });

  it('shows an expanded row’s sub-areas and marks its toggle expanded', () => {
    const first = withSubs[0]!;
    const out = renderHtml(<RiskTable initialExpanded={[first.id]} />);
    expect(out).toContain(`aria-expanded="true" aria-controls="home-risk-sub-${first.id}"`);
    expect(out).toMatch(new RegExp(`<tr id="home-risk-sub-${first.id}" class="home-risk__detail">`));
    for (const s of first.subNeighborhoods ?? []) expect(out).toContain(s.name);
    expect(out.match(/aria-expanded="true"/g)).toHaveLength(1);
  });
});

describe('VideoShowcase', () => {
  it('shows 8 collapsed card buttons and no player at first', () => {
    expect(html.match(/<button[^>]*class="home-video__button" aria-expanded="false"/g)).toHaveLength(8);
    expect(html).not.toContain('Close Video');
  });

  it('puts the open video’s player directly after its card, with a Close Video button', () => {
    const v = videos[2]!;
    const out = renderHtml(<VideoShowcase initialOpenId={v.id} />);
    expect(out.match(/aria-expanded="true"/g)).toHaveLength(1);
    expect(out.match(/<iframe/g)).toHaveLength(1);
    expect(out).toContain(`src="https://www.youtube-nocookie.com/embed/${v.videoId}?autoplay=1&amp;rel=0"`);
    expect(out).toContain('>Close Video</button>');
    // The card's list item is immediately followed by the player's.
    const items = [...out.matchAll(/<li class="(home-videos__cell|home-videos__player)"/g)].map((m) => m[1]);
    expect(items).toEqual([...Array(3).fill('home-videos__cell'), 'home-videos__player', ...Array(5).fill('home-videos__cell')]);
    const card = out.indexOf(v.title);
    expect(card).toBeGreaterThan(-1);
    expect(out.indexOf('home-videos__player')).toBeGreaterThan(card);
    expect(out).toContain(`aria-controls="home-video-player-${v.id}"`);
    expect(out).toContain(`id="home-video-player-${v.id}"`);
  });
});
