// The eight service-area cities (SPEC §2) with the one risk rating per city
// that every page uses (DESIGN §8: the city pages' values are the source).
import type { RiskLevel } from './risk';

export const CITY_SLUGS = [
  'scottsdale',
  'phoenix',
  'tempe',
  'mesa',
  'chandler',
  'gilbert',
  'glendale',
  'peoria',
] as const;

export type CitySlug = (typeof CITY_SLUGS)[number];

export type City = {
  slug: CitySlug;
  name: string;
  riskLevel: RiskLevel;
  /** When most of the city's housing stock (and its drain lines) went in. */
  constructionEra: string;
  primaryPipeType: string;
  /** One line for cards and tables. */
  summary: string;
};

/** In the navigation's order (SPEC §2 "Service Areas menu"). */
export const cities: readonly City[] = [
  {
    slug: 'scottsdale',
    name: 'Scottsdale',
    riskLevel: 'critical',
    constructionEra: '1950s–1970s',
    primaryPipeType: 'Cast iron and Orangeburg',
    summary:
      'South Scottsdale and Old Town ranch homes still drain through 50- to 70-year-old cast iron and tar-paper Orangeburg lines.',
  },
  {
    slug: 'phoenix',
    name: 'Phoenix',
    riskLevel: 'high',
    constructionEra: '1920s–1970s',
    primaryPipeType: 'Clay, cast iron and Orangeburg',
    summary:
      'Historic districts like Willo and Encanto-Palmcroft sit on clay sewer laterals; the post-war ranch tracts on cast iron.',
  },
  {
    slug: 'tempe',
    name: 'Tempe',
    riskLevel: 'high',
    constructionEra: '1950s–1970s',
    primaryPipeType: 'Cast iron',
    summary:
      'Mid-century neighborhoods around ASU have under-slab cast iron drains nearing the end of their service life.',
  },
  {
    slug: 'mesa',
    name: 'Mesa',
    riskLevel: 'medium',
    constructionEra: '1960s–1980s',
    primaryPipeType: 'Cast iron and ABS',
    summary:
      'A mix of 1960s cast iron near downtown and 1970s–80s ABS in the master-planned subdivisions to the south and east.',
  },
  {
    slug: 'chandler',
    name: 'Chandler',
    riskLevel: 'low',
    constructionEra: '1980s–2000s',
    primaryPipeType: 'PVC and ABS',
    summary:
      'Mostly newer plastic drain lines; roots and belly sags cause most problems, except in the small historic core.',
  },
  {
    slug: 'gilbert',
    name: 'Gilbert',
    riskLevel: 'low',
    constructionEra: '1990s–2000s',
    primaryPipeType: 'PVC',
    summary:
      'One of the Valley’s youngest housing stocks; problems are usually root intrusion, grease build-up or offset joints.',
  },
  {
    slug: 'glendale',
    name: 'Glendale',
    riskLevel: 'medium',
    constructionEra: '1950s–1980s',
    primaryPipeType: 'Cast iron',
    summary:
      'Older homes near Catlin Court and downtown Glendale run on cast iron and clay; newer west-side tracts on plastic.',
  },
  {
    slug: 'peoria',
    name: 'Peoria',
    riskLevel: 'medium',
    constructionEra: '1970s–1990s',
    primaryPipeType: 'Cast iron and ABS',
    summary:
      'Old Town Peoria’s 1950s–70s homes have cast iron drains; the 1980s–90s subdivisions mostly ABS that is starting to show its age.',
  },
];

export function isCitySlug(value: unknown): value is CitySlug {
  return typeof value === 'string' && (CITY_SLUGS as readonly string[]).includes(value);
}

/** The city with this slug (every slug of CitySlug has one). */
export function getCity(slug: CitySlug): City {
  const city = cities.find((c) => c.slug === slug);
  if (!city) throw new Error(`no city data for ${slug}`);
  return city;
}
