// Spanish edition of content/risk-map-neighborhoods.ts (issue 40): the city
// pages' neighbourhoods that the risk map shows and the home table does not,
// with the same ids, cities, build years and risk levels as the English ones.
// es/neighborhoods.ts places each of these in its city's list by id.
import type { Neighborhood } from '../home-neighborhoods';

export const riskMapOnlyNeighborhoods: readonly Neighborhood[] = [
  {
    id: 'old-town-scottsdale',
    name: 'Old Town Scottsdale',
    city: 'scottsdale',
    era: '1948–1965',
    pipeType: 'Barro y Orangeburg',
    riskLevel: 'critical',
    description:
      'El pueblo original alrededor del Civic Center, donde las primeras casas de block todavía desaguan por barro y ' +
      'Orangeburg.',
  },
  {
    id: 'coronado',
    name: 'Coronado',
    city: 'phoenix',
    era: '1920–1950',
    pipeType: 'Barro y hierro fundido',
    riskLevel: 'critical',
    description:
      'Amplio distrito histórico entre la calle 7 y la calle 16, donde los laterales de barro y el hierro fundido ' +
      'antiguo fallan al mismo tiempo.',
  },
  {
    id: 'sunnyslope',
    name: 'Sunnyslope',
    city: 'phoenix',
    era: '1945–1970',
    pipeType: 'Hierro fundido y Orangeburg',
    riskLevel: 'high',
    description:
      'Casas de la posguerra al pie de North Mountain; el caliche y la roca hacen difícil excavar, así que la ' +
      'reparación sin zanja vale la pena.',
  },
  {
    id: 'ahwatukee-foothills',
    name: 'Ahwatukee Foothills',
    city: 'phoenix',
    era: '1975–2000',
    pipeType: 'ABS y PVC',
    riskLevel: 'medium',
    description:
      'Zona junto a South Mountain con ABS de las décadas de 1970 y 1980 en sus secciones más antiguas; son comunes ' +
      'las uniones que se separan y las raíces.',
  },
  {
    id: 'desert-ridge',
    name: 'Desert Ridge',
    city: 'phoenix',
    era: '1996–2010',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Comunidad planificada del norte de Phoenix con drenajes de PVC, donde la grasa y las raíces causan la mayoría ' +
      'de los problemas.',
  },
  {
    id: 'silk-stocking',
    name: 'Distrito Histórico Silk Stocking',
    city: 'chandler',
    era: '1920–1955',
    pipeType: 'Barro y hierro fundido',
    riskLevel: 'high',
    description:
      'El primer distrito histórico de Chandler, al norte del centro: casas de las décadas de 1920 a 1950 que todavía ' +
      'tienen barro y hierro fundido.',
  },
  {
    id: 'heritage-district',
    name: 'Heritage District',
    city: 'gilbert',
    era: '1915–1960',
    pipeType: 'Barro y hierro fundido',
    riskLevel: 'high',
    description:
      'El pueblo original de Gilbert a lo largo de Gilbert Road, donde las casas más antiguas todavía desaguan por ' +
      'barro y hierro fundido.',
  },
];
