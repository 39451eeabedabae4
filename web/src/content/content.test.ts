import { describe, expect, it } from 'vitest';
import { CITY_SLUGS, cities, getCity, isCitySlug } from './cities';
import { getCityPage } from './city-details';
import { pipeEras } from './eras';
import { HOME_TABLE_NEIGHBORHOOD_IDS, homeTableNeighborhoods, neighborhoods, neighborhoodsOf } from './neighborhoods';
import { isRiskLevel, riskRank } from './risk';
import { serviceCards } from './services';
import { headlineStats, ratingBadge } from './stats';
import { testimonials } from './testimonials';
import { processVideo, testimonialVideo, videos } from './videos';

const unique = <T,>(xs: readonly T[]) => new Set(xs).size === xs.length;

describe('cities', () => {
  it('lists the eight service-area cities in the navigation order', () => {
    expect(cities.map((c) => c.slug)).toEqual([...CITY_SLUGS]);
    expect(cities.map((c) => `/${c.slug}`)).toEqual([
      '/scottsdale',
      '/phoenix',
      '/tempe',
      '/mesa',
      '/chandler',
      '/gilbert',
      '/glendale',
      '/peoria',
    ]);
  });

  it('holds the one risk rating per city that DESIGN §8 chose (the city pages’ values)', () => {
    const ratings = Object.fromEntries(cities.map((c) => [c.name, c.riskLevel]));
    expect(ratings).toEqual({
      Scottsdale: 'critical',
      Phoenix: 'high',
      Tempe: 'high',
      Mesa: 'medium',
      Glendale: 'medium',
      Peoria: 'medium',
      Chandler: 'low',
      Gilbert: 'low',
    });
  });

  it('has an era, pipe type and summary for every city', () => {
    for (const c of cities) {
      expect(c.constructionEra).not.toBe('');
      expect(c.primaryPipeType).not.toBe('');
      expect(c.summary.length).toBeGreaterThan(20);
    }
    expect(getCity('tempe').name).toBe('Tempe');
    expect(isCitySlug('tucson')).toBe(false);
  });

  it('has the city page’s risk description, hero line, 4–6 common issues and 3–5 challenges for every city', () => {
    for (const c of cities.map((city) => getCityPage(city.slug))) {
      expect(c.riskDescription.length, c.slug).toBeGreaterThan(100);
      expect(c.heroIntro.length, c.slug).toBeGreaterThan(40);
      expect(c.commonIssues.length, c.slug).toBeGreaterThanOrEqual(4);
      expect(c.commonIssues.length, c.slug).toBeLessThanOrEqual(6);
      expect(c.challenges.length, c.slug).toBeGreaterThanOrEqual(3);
      expect(c.challenges.length, c.slug).toBeLessThanOrEqual(5);
      for (const s of [...c.commonIssues, ...c.challenges]) expect(s.trim(), c.slug).not.toBe('');
      expect(unique(c.commonIssues), c.slug).toBe(true);
      expect(unique(c.challenges), c.slug).toBe(true);
      for (const s of c.challenges) expect(s, c.slug).toMatch(/\.$/);
      // No copy written for one city left in another's hero line.
      for (const other of cities) if (other.slug !== c.slug) expect(c.heroIntro, c.slug).not.toContain(other.name);
    }
  });

  it('has unique copy per city', () => {
    const pages = cities.map((c) => getCityPage(c.slug));
    expect(unique(pages.map((c) => c.riskDescription))).toBe(true);
    expect(unique(pages.map((c) => c.heroIntro))).toBe(true);
  });
});

const NEIGHBORHOOD_COUNTS = {
  scottsdale: 16,
  tempe: 13,
  mesa: 16,
  phoenix: 18,
  chandler: 14,
  gilbert: 7,
  glendale: 7,
  peoria: 14,
} as const;

const HOME_TABLE_IDS = [
  'willo',
  'encanto-palmcroft',
  'arcadia',
  'maryvale',
  'south-scottsdale',
  'mccormick-ranch',
  'central-tempe',
  'broadmor',
  'downtown-mesa',
  'dobson-ranch',
  'catlin-court',
  'old-town-peoria',
  'ocotillo',
  'val-vista-lakes',
];

describe('neighborhoods (home risk table)', () => {
  it('has 10–14 neighborhoods with unique ids across several cities', () => {
    expect(homeTableNeighborhoods.length).toBeGreaterThanOrEqual(10);
    expect(homeTableNeighborhoods.length).toBeLessThanOrEqual(14);
    expect(unique(homeTableNeighborhoods.map((n) => n.id))).toBe(true);
    expect(new Set(homeTableNeighborhoods.map((n) => n.city)).size).toBeGreaterThanOrEqual(6);
  });

  it('keeps the original rows in their order, taken from the full list', () => {
    expect([...HOME_TABLE_NEIGHBORHOOD_IDS]).toEqual(HOME_TABLE_IDS);
    expect(homeTableNeighborhoods.map((n) => n.id)).toEqual(HOME_TABLE_IDS);
    for (const n of homeTableNeighborhoods) expect(neighborhoods, n.id).toContain(n);
  });

  it('uses known cities and risk levels, and has sub-areas for at least four', () => {
    for (const n of homeTableNeighborhoods) {
      expect(isCitySlug(n.city), n.id).toBe(true);
      expect(isRiskLevel(n.riskLevel), n.id).toBe(true);
      expect(n.era).not.toBe('');
      expect(n.pipeType).not.toBe('');
      expect(n.description).not.toBe('');
    }
    const withSubs = homeTableNeighborhoods.filter((n) => (n.subNeighborhoods?.length ?? 0) > 0);
    expect(withSubs.length).toBeGreaterThanOrEqual(4);
    for (const n of withSubs) {
      for (const s of n.subNeighborhoods ?? []) {
        expect(s.name).not.toBe('');
        expect(s.details).not.toBe('');
      }
      expect(unique((n.subNeighborhoods ?? []).map((s) => s.name))).toBe(true);
    }
  });
});

describe('neighborhoods (city pages)', () => {
  it('has exactly the SPEC §2 count for each city, 105 in all', () => {
    for (const slug of CITY_SLUGS) {
      expect(neighborhoods.filter((n) => n.city === slug).length, slug).toBe(NEIGHBORHOOD_COUNTS[slug]);
      expect(neighborhoodsOf(slug).length, slug).toBe(NEIGHBORHOOD_COUNTS[slug]);
    }
    expect(neighborhoods).toHaveLength(105);
  });

  it('has unique kebab-case ids and unique names within each city', () => {
    expect(unique(neighborhoods.map((n) => n.id))).toBe(true);
    for (const n of neighborhoods) expect(n.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const slug of CITY_SLUGS) expect(unique(neighborhoodsOf(slug).map((n) => n.name)), slug).toBe(true);
  });

  it('fills every field, with risk on the scale and eras like 1955–1970', () => {
    for (const n of neighborhoods) {
      expect(isCitySlug(n.city), n.id).toBe(true);
      expect(isRiskLevel(n.riskLevel), n.id).toBe(true);
      expect(n.name.trim(), n.id).not.toBe('');
      expect(n.pipeType.trim(), n.id).not.toBe('');
      expect(n.description.length, n.id).toBeGreaterThan(40);
      const era = /^(\d{4})–(\d{4})$/.exec(n.era);
      expect(era, `${n.id} era ${n.era}`).not.toBeNull();
      const [from, to] = [Number(era?.[1]), Number(era?.[2])];
      expect(from, n.id).toBeGreaterThanOrEqual(1880);
      expect(from, n.id).toBeLessThanOrEqual(to);
      expect(to, n.id).toBeLessThanOrEqual(2025);
      expect(n.image, n.id).toBeUndefined();
    }
  });

  it('rates risk consistently with the pipe: clay or Orangeburg high or worse, plastic only moderate or better', () => {
    for (const n of neighborhoods) {
      const pipe = n.pipeType.toLowerCase();
      if (/clay|orangeburg/.test(pipe)) expect(riskRank(n.riskLevel), n.id).toBeGreaterThanOrEqual(riskRank('high'));
      if (!/clay|orangeburg|cast iron/.test(pipe)) {
        expect(pipe, n.id).toMatch(/abs|pvc/);
        expect(riskRank(n.riskLevel), n.id).toBeLessThanOrEqual(riskRank('medium'));
      }
    }
  });

  it('returns only the city’s own neighborhoods, highest risk first, in array order', () => {
    for (const slug of CITY_SLUGS) {
      const list = neighborhoodsOf(slug);
      expect(list.every((n) => n.city === slug), slug).toBe(true);
      expect(list).toEqual(neighborhoods.filter((n) => n.city === slug));
      const ranks = list.map((n) => riskRank(n.riskLevel));
      expect(ranks, slug).toEqual([...ranks].sort((a, b) => b - a));
    }
    expect(neighborhoodsOf('gilbert').map((n) => n.id)).toContain('val-vista-lakes');
    expect(neighborhoodsOf('phoenix').map((n) => n.id)).not.toContain('south-scottsdale');
  });
});

describe('videos', () => {
  it('has exactly 8 showcase videos with unique ids and YouTube-shaped video ids', () => {
    expect(videos).toHaveLength(8);
    expect(unique(videos.map((v) => v.id))).toBe(true);
    const all = [...videos, processVideo, testimonialVideo];
    expect(unique(all.map((v) => v.videoId))).toBe(true);
    for (const v of all) {
      expect(v.videoId, v.title).toMatch(/^[A-Za-z0-9_-]{11}$/);
      expect(v.duration, v.title).toMatch(/^\d{1,2}:[0-5]\d$/);
    }
  });

  it('describes each job fully', () => {
    for (const v of videos) {
      expect(v.title && v.description && v.location && v.problem && v.solution).toBeTruthy();
      expect(v.yearBuilt).toBeGreaterThanOrEqual(1900);
      expect(v.yearBuilt).toBeLessThanOrEqual(2025);
      expect(v.tags.length).toBeGreaterThan(0);
    }
  });
});

describe('testimonials', () => {
  it('has exactly 6, every one rated 5 with its author’s initial', () => {
    expect(testimonials).toHaveLength(6);
    expect(unique(testimonials.map((t) => t.id))).toBe(true);
    for (const t of testimonials) {
      expect(t.rating).toBe(5);
      expect(t.initial).toBe(t.name[0]);
      expect(t.text.length).toBeGreaterThan(40);
      expect(t.location).not.toBe('');
    }
  });
});

describe('service cards', () => {
  it('has 6 cards, linking the four service pages of SPEC §2', () => {
    expect(serviceCards).toHaveLength(6);
    expect(unique(serviceCards.map((s) => s.id))).toBe(true);
    expect(serviceCards.flatMap((s) => (s.href ? [s.href] : [])).sort()).toEqual([
      '/services/cipp-lining',
      '/services/drain-inspections',
      '/services/epoxy-coating',
      '/services/pipe-bursting',
    ]);
    for (const s of serviceCards) expect(s.features.length).toBeGreaterThanOrEqual(3);
  });

  it('covers CIPP with blue-light curing, bursting, epoxy, camera inspection, hydro-jetting and spot repair', () => {
    const titles = serviceCards.map((s) => s.title).join(' | ');
    for (const word of ['Blue-Light', 'Bursting', 'Epoxy', 'Camera', 'Hydro-Jetting', 'Spot Repair']) {
      expect(titles).toContain(word);
    }
  });

  it('states the SPEC §1 claims and keeps warranty and liner life apart', () => {
    const text = JSON.stringify(serviceCards);
    expect(text).toContain('CIPP repairs 90% of pipe problems');
    expect(text).toContain('4–8 hours');
    expect(text).toContain('Lifetime warranty on lining installs');
    expect(text).toContain('50+ year lining life');
    expect(text).not.toMatch(/50-year warranty/i);
    expect(text).toContain('4–6 hours');
    expect(text).toContain('20–30 years');
    expect(text).toContain('Free camera inspection with any estimate');
  });
});

describe('pipe eras (hero panel)', () => {
  it('has the four eras of SPEC §2 in order, each with a risk note', () => {
    expect(pipeEras.map((e) => [e.years, e.pipeType])).toEqual([
      ['1960–1975', 'Cast iron'],
      ['1945–1972', 'Orangeburg (tar paper)'],
      ['Pre-1950s', 'Vitrified clay'],
      ['Any age', 'Root intrusion'],
    ]);
    for (const e of pipeEras) {
      expect(isRiskLevel(e.riskLevel)).toBe(true);
      expect(e.riskNote.length).toBeGreaterThan(20);
    }
  });
});

describe('headline stats', () => {
  it('has three stats drawn from the SPEC §1 claims', () => {
    expect(headlineStats.map((s) => s.value)).toEqual(['90%', '30–50%', '50+ yrs']);
    expect(ratingBadge.score).toBe(5);
  });
});
