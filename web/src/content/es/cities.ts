// Spanish edition of content/cities.ts (issue 40): the eight service-area
// cities with the same slugs, names and risk ratings as the English module;
// only the era, pipe-type and summary wording is translated.
//
// Not copied here (functions stay in the English module): isCitySlug, getCity.
// CITY_SLUGS is the English list repeated (the test compares the two).
import type { City, CitySlug } from '../cities';

export const CITY_SLUGS = [
  'scottsdale',
  'phoenix',
  'tempe',
  'mesa',
  'chandler',
  'gilbert',
  'glendale',
  'peoria',
] as const satisfies readonly CitySlug[];

/** In the navigation's order (SPEC §2 "Service Areas menu"). */
export const cities: readonly City[] = [
  {
    slug: 'scottsdale',
    name: 'Scottsdale',
    riskLevel: 'critical',
    constructionEra: 'décadas de 1950 a 1970',
    primaryPipeType: 'Hierro fundido y Orangeburg',
    summary:
      'Las casas estilo rancho del sur de Scottsdale y de Old Town todavía desaguan por líneas de hierro fundido y de ' +
      'Orangeburg (tubo de papel alquitranado) de 50 a 70 años de antigüedad.',
  },
  {
    slug: 'phoenix',
    name: 'Phoenix',
    riskLevel: 'high',
    constructionEra: 'décadas de 1920 a 1970',
    primaryPipeType: 'Barro, hierro fundido y Orangeburg',
    summary:
      'Los distritos históricos como Willo y Encanto-Palmcroft tienen líneas laterales de alcantarillado de barro; los ' +
      'fraccionamientos de casas rancho de la posguerra, de hierro fundido.',
  },
  {
    slug: 'tempe',
    name: 'Tempe',
    riskLevel: 'high',
    constructionEra: 'décadas de 1950 a 1970',
    primaryPipeType: 'Hierro fundido',
    summary:
      'Los barrios de mediados de siglo alrededor de ASU tienen drenajes de hierro fundido bajo la losa que están ' +
      'llegando al final de su vida útil.',
  },
  {
    slug: 'mesa',
    name: 'Mesa',
    riskLevel: 'medium',
    constructionEra: 'décadas de 1960 a 1980',
    primaryPipeType: 'Hierro fundido y ABS',
    summary:
      'Una mezcla de hierro fundido de la década de 1960 cerca del centro y de ABS de las décadas de 1970 y 1980 en ' +
      'las comunidades planificadas del sur y del este.',
  },
  {
    slug: 'chandler',
    name: 'Chandler',
    riskLevel: 'low',
    constructionEra: 'décadas de 1980 a 2000',
    primaryPipeType: 'PVC y ABS',
    summary:
      'Sobre todo líneas de drenaje de plástico más nuevas; las raíces y los hundimientos de la tubería (las “panzas”) ' +
      'causan la mayoría de los problemas, excepto en el pequeño centro histórico.',
  },
  {
    slug: 'gilbert',
    name: 'Gilbert',
    riskLevel: 'low',
    constructionEra: 'décadas de 1990 a 2000',
    primaryPipeType: 'PVC',
    summary:
      'Sus casas están entre las más nuevas del Valle; los problemas suelen ser raíces que se meten en la línea, ' +
      'acumulación de grasa o uniones desalineadas.',
  },
  {
    slug: 'glendale',
    name: 'Glendale',
    riskLevel: 'medium',
    constructionEra: 'décadas de 1950 a 1980',
    primaryPipeType: 'Hierro fundido',
    summary:
      'Las casas más antiguas cerca de Catlin Court y del centro de Glendale tienen hierro fundido y barro; los ' +
      'fraccionamientos más nuevos del oeste, plástico.',
  },
  {
    slug: 'peoria',
    name: 'Peoria',
    riskLevel: 'medium',
    constructionEra: 'décadas de 1970 a 1990',
    primaryPipeType: 'Hierro fundido y ABS',
    summary:
      'Las casas de las décadas de 1950 a 1970 en Old Town Peoria tienen drenajes de hierro fundido; los ' +
      'fraccionamientos de las décadas de 1980 y 1990, sobre todo ABS que ya empieza a mostrar su edad.',
  },
];
