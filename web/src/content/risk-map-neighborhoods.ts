// The city pages' neighbourhoods that the risk map shows and the home table
// does not (SPEC §2 "Risk map"). They live here, not in neighborhoods.ts, so
// the map page does not load all 105 (neighborhoods.ts places each of these
// in its city's list by id); the map takes the rest of its places from the
// home table's module. Same data and rules as neighborhoods.ts.
import type { Neighborhood } from './home-neighborhoods';

export const riskMapOnlyNeighborhoods: readonly Neighborhood[] = [
  {
    id: 'old-town-scottsdale',
    name: 'Old Town Scottsdale',
    city: 'scottsdale',
    era: '1948–1965',
    pipeType: 'Clay and Orangeburg',
    riskLevel: 'critical',
    description:
      'The original townsite around the Civic Center, where early block homes still drain through clay and Orangeburg.',
  },
  {
    id: 'coronado',
    name: 'Coronado',
    city: 'phoenix',
    era: '1920–1950',
    pipeType: 'Clay and cast iron',
    riskLevel: 'critical',
    description:
      'Large historic district between Seventh and 16th Streets, where clay laterals and early cast iron fail ' +
      'together.',
  },
  {
    id: 'sunnyslope',
    name: 'Sunnyslope',
    city: 'phoenix',
    era: '1945–1970',
    pipeType: 'Cast iron and Orangeburg',
    riskLevel: 'high',
    description:
      'Post-war homes below North Mountain; caliche and rock make digging hard, so trenchless repair pays off.',
  },
  {
    id: 'ahwatukee-foothills',
    name: 'Ahwatukee Foothills',
    city: 'phoenix',
    era: '1975–2000',
    pipeType: 'ABS and PVC',
    riskLevel: 'medium',
    description:
      'South Mountain village with 1970s–80s ABS in its older sections; separating joints and roots are common.',
  },
  {
    id: 'desert-ridge',
    name: 'Desert Ridge',
    city: 'phoenix',
    era: '1996–2010',
    pipeType: 'PVC',
    riskLevel: 'low',
    description: 'North Phoenix master-planned community with PVC drains, where grease and roots cause most problems.',
  },
  {
    id: 'silk-stocking',
    name: 'Silk Stocking Historic District',
    city: 'chandler',
    era: '1920–1955',
    pipeType: 'Clay and cast iron',
    riskLevel: 'high',
    description: 'Chandler’s first historic district, north of downtown: 1920s–50s homes still on clay and cast iron.',
  },
  {
    id: 'heritage-district',
    name: 'Heritage District',
    city: 'gilbert',
    era: '1915–1960',
    pipeType: 'Clay and cast iron',
    riskLevel: 'high',
    description:
      'Gilbert’s original townsite along Gilbert Road, where the oldest homes still drain through clay and cast iron.',
  },
];
