// The home page's pipe-risk table (SPEC §2 item 7): a fixed selection of the
// city pages' neighbourhoods, in table order. They live here, not in
// neighborhoods.ts, so the home page does not load all 105 (neighborhoods.ts
// places each of these in its city's list by id). Real Phoenix-Valley
// neighbourhoods; era and pipe type are what the typical home there was built with.
import type { CitySlug } from './cities';
import type { RiskLevel } from './risk';

export type SubNeighborhood = { name: string; details: string };

export type Neighborhood = {
  id: string;
  name: string;
  city: CitySlug;
  era: string;
  pipeType: string;
  riskLevel: RiskLevel;
  description: string;
  subNeighborhoods?: readonly SubNeighborhood[];
  /** Photo for the city page's neighbourhood card; unset where we have none. */
  image?: string;
};

export const homeTableNeighborhoods: readonly Neighborhood[] = [
  {
    id: 'willo',
    name: 'Willo Historic District',
    city: 'phoenix',
    era: '1920–1940',
    pipeType: 'Vitrified clay',
    riskLevel: 'critical',
    description: 'Period-revival bungalows on original clay sewer laterals; root-packed joints under mature street trees are routine.',
  },
  {
    id: 'encanto-palmcroft',
    name: 'Encanto-Palmcroft',
    city: 'phoenix',
    era: '1927–1950',
    pipeType: 'Clay and cast iron',
    riskLevel: 'critical',
    description: 'Historic homes near Encanto Park with clay laterals to the street and cast iron under the house, many never replaced.',
  },
  {
    id: 'arcadia',
    name: 'Arcadia',
    city: 'phoenix',
    era: '1950–1965',
    pipeType: 'Cast iron and Orangeburg',
    riskLevel: 'high',
    description: 'Former citrus groves turned ranch lots; long sewer runs and old orchard roots put heavy strain on mid-century pipe.',
    subNeighborhoods: [
      {
        name: 'Arcadia Lite',
        details: 'Smaller 1950s ranch homes west of 44th Street; cast iron under the slab, often with Orangeburg to the street.',
      },
      {
        name: 'Arcadia Proper',
        details: 'Large irrigated lots toward Camelback Mountain; 100-foot-plus laterals through citrus and ficus roots.',
      },
      {
        name: 'Lower Arcadia (Arcadia Osborn)',
        details: 'Late-1950s homes south of Indian School Road with cast iron mains that scale and belly with age.',
      },
    ],
  },
  {
    id: 'maryvale',
    name: 'Maryvale',
    city: 'phoenix',
    era: '1955–1972',
    pipeType: 'Cast iron and Orangeburg',
    riskLevel: 'high',
    description: 'One of the Valley’s first large tract developments; original drain lines are now 50 to 70 years old.',
  },
  {
    id: 'south-scottsdale',
    name: 'South Scottsdale',
    city: 'scottsdale',
    era: '1955–1975',
    pipeType: 'Cast iron and Orangeburg',
    riskLevel: 'critical',
    description: 'Post-war ranch and townhome communities south of Camelback Road, where collapsed Orangeburg is a common camera finding.',
    subNeighborhoods: [
      {
        name: 'Villa Monterey',
        details: '1960s–70s townhomes with shared sewer runs; one failing lateral can back up several units.',
      },
      {
        name: 'Scottsdale Estates',
        details: 'Late-1950s block and slab ranch homes; cast iron under the slab with channel rot along the bottom.',
      },
      {
        name: 'Park Scottsdale',
        details: '1960s homes near Scottsdale Road and Thomas; Orangeburg laterals that flatten under driveways.',
      },
    ],
  },
  {
    id: 'mccormick-ranch',
    name: 'McCormick Ranch',
    city: 'scottsdale',
    era: '1972–1990',
    pipeType: 'Cast iron and ABS',
    riskLevel: 'medium',
    description: 'Master-planned lake and golf community; early phases have cast iron drains, later ones ABS with glue-joint failures.',
  },
  {
    id: 'central-tempe',
    name: 'Central Tempe Historic Neighborhoods',
    city: 'tempe',
    era: '1920–1960',
    pipeType: 'Clay and cast iron',
    riskLevel: 'critical',
    description: 'Homes just south of ASU on some of the oldest sewer connections in the East Valley.',
    subNeighborhoods: [
      {
        name: 'Maple-Ash',
        details: '1920s–40s bungalows on clay laterals under large shade trees; roots are the usual culprit.',
      },
      {
        name: 'Mitchell Park',
        details: 'Pre-war and post-war homes mixed; clay to the street and cast iron added in later remodels.',
      },
      {
        name: 'Borden Homes',
        details: 'A 1950s historic district of modest block homes with original cast iron drains.',
      },
    ],
  },
  {
    id: 'broadmor',
    name: 'Broadmor',
    city: 'tempe',
    era: '1955–1965',
    pipeType: 'Cast iron',
    riskLevel: 'high',
    description: 'Family ranch homes around Broadmor Elementary with under-slab cast iron that is cracking and scaling.',
  },
  {
    id: 'downtown-mesa',
    name: 'Downtown Mesa Historic Districts',
    city: 'mesa',
    era: '1920–1960',
    pipeType: 'Clay and cast iron',
    riskLevel: 'high',
    description: 'Mesa’s original townsite, where clay sewer laterals and early cast iron still serve many homes.',
    subNeighborhoods: [
      {
        name: 'Evergreen',
        details: 'Early bungalows north of Main Street with clay laterals and alley sewer connections.',
      },
      {
        name: 'Temple',
        details: 'Homes around the Mesa Temple grounds; 1930s–50s cast iron with frequent root intrusion.',
      },
      {
        name: 'Robson',
        details: 'Historic homes near downtown with original clay to the main and many past spot repairs.',
      },
    ],
  },
  {
    id: 'dobson-ranch',
    name: 'Dobson Ranch',
    city: 'mesa',
    era: '1973–1985',
    pipeType: 'Cast iron and ABS',
    riskLevel: 'medium',
    description: 'Large 1970s–80s master-planned community; aging cast iron stacks and early ABS lines with separating joints.',
  },
  {
    id: 'catlin-court',
    name: 'Catlin Court',
    city: 'glendale',
    era: '1915–1940',
    pipeType: 'Vitrified clay',
    riskLevel: 'high',
    description: 'Glendale’s historic bungalow district, many homes now shops; century-old clay lines with roots and offset joints.',
  },
  {
    id: 'old-town-peoria',
    name: 'Old Town Peoria',
    city: 'peoria',
    era: '1950–1975',
    pipeType: 'Cast iron',
    riskLevel: 'medium',
    description: 'The original Peoria townsite around Washington Street, where mid-century cast iron is corroding through.',
  },
  {
    id: 'ocotillo',
    name: 'Ocotillo',
    city: 'chandler',
    era: '1985–2005',
    pipeType: 'PVC',
    riskLevel: 'low',
    description: 'Newer lake community with PVC drains; problems are mostly roots, grease and settled sections.',
  },
  {
    id: 'val-vista-lakes',
    name: 'Val Vista Lakes',
    city: 'gilbert',
    era: '1985–1998',
    pipeType: 'ABS and PVC',
    riskLevel: 'low',
    description: 'Gilbert lake community with plastic drains; first-generation ABS lines are starting to crack at fittings.',
  },
];

/** The home table's rows' ids, in table order. */
export const HOME_TABLE_NEIGHBORHOOD_IDS: readonly string[] = homeTableNeighborhoods.map((n) => n.id);
