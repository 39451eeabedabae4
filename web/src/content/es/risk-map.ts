// Spanish edition of content/risk-map.ts (issue 40): the risk map's 21
// neighbourhoods. The English module computes riskMapNeighborhoods from its
// place list (coordinates, heat weights) and the city-page entries, sorted by
// rating; this module exports the resulting data, in the same order, with each
// place's name, build years, pipes and details taken word for word from the
// Spanish city-page entries (es/home-neighborhoods.ts,
// es/risk-map-neighborhoods.ts; es-content-part2.test.ts checks they match).
// RISK_MAP_VIEW and VALLEY_BOUNDS are the English module's numbers, repeated.
//
// `risk` is the rating as people read it. The English type allows only the
// English labels (RiskLabel: 'Low' | 'Moderate' | 'High' | 'Critical'), so
// the Spanish places use RiskMapNeighborhood with that one field's type
// swapped for the Spanish labels of es/risk.ts (RISK_LABELS).
import type { RiskLevel } from '../risk';
import type { RiskMapNeighborhood } from '../risk-map';
import type { RISK_LABELS } from './risk';

/** A level as Spanish readers see it ('medium' reads as 'Moderado'). */
type RiskLabelEs = (typeof RISK_LABELS)[RiskLevel];

/** RiskMapNeighborhood with the rating's words in Spanish. */
export type RiskMapNeighborhoodEs = Omit<RiskMapNeighborhood, 'risk'> & { risk: RiskLabelEs };

/** The map's opening view, zoom limits and heat layer (SPEC §9). */
export const RISK_MAP_VIEW = {
  center: [33.4484, -112.074] as const,
  zoom: 11,
  maxZoom: 18,
  /** How close a pick from the neighbourhood list zooms in. */
  focusZoom: 14,
  heat: { radius: 40, blur: 35, maxZoom: 12 },
};

/** The Phoenix Valley, generously: every map place must lie inside it. */
export const VALLEY_BOUNDS = { south: 33.2, north: 33.9, west: -112.5, east: -111.5 };

/** The 21 places, highest rating first: the order of the map's list (the English module's order). */
export const riskMapNeighborhoods: readonly RiskMapNeighborhoodEs[] = [
  {
    id: 'willo',
    name: 'Distrito Histórico Willo',
    city: 'phoenix',
    lat: 33.4733,
    lng: -112.0818,
    risk: 'Crítico',
    riskLevel: 'critical',
    era: '1920–1940',
    pipes: 'Barro vitrificado',
    intensity: 0.95,
    details:
      'Bungalows de estilo revival con sus líneas laterales de alcantarillado de barro originales; las ' +
      'uniones tapadas de raíces bajo los árboles maduros de la calle son cosa de todos los días.',
  },
  {
    id: 'encanto-palmcroft',
    name: 'Encanto-Palmcroft',
    city: 'phoenix',
    lat: 33.4772,
    lng: -112.0905,
    risk: 'Crítico',
    riskLevel: 'critical',
    era: '1927–1950',
    pipes: 'Barro y hierro fundido',
    intensity: 0.92,
    details:
      'Casas históricas cerca del parque Encanto con laterales de barro hasta la calle y hierro fundido ' +
      'debajo de la casa; en muchas nunca se han cambiado.',
  },
  {
    id: 'coronado',
    name: 'Coronado',
    city: 'phoenix',
    lat: 33.4724,
    lng: -112.0548,
    risk: 'Crítico',
    riskLevel: 'critical',
    era: '1920–1950',
    pipes: 'Barro y hierro fundido',
    intensity: 0.9,
    details:
      'Amplio distrito histórico entre la calle 7 y la calle 16, donde los laterales de barro y el hierro ' +
      'fundido antiguo fallan al mismo tiempo.',
  },
  {
    id: 'old-town-scottsdale',
    name: 'Old Town Scottsdale',
    city: 'scottsdale',
    lat: 33.4936,
    lng: -111.9261,
    risk: 'Crítico',
    riskLevel: 'critical',
    era: '1948–1965',
    pipes: 'Barro y Orangeburg',
    intensity: 0.9,
    details:
      'El pueblo original alrededor del Civic Center, donde las primeras casas de block todavía desaguan por ' +
      'barro y Orangeburg.',
  },
  {
    id: 'south-scottsdale',
    name: 'Sur de Scottsdale',
    city: 'scottsdale',
    lat: 33.4712,
    lng: -111.9196,
    risk: 'Crítico',
    riskLevel: 'critical',
    era: '1955–1975',
    pipes: 'Hierro fundido y Orangeburg',
    intensity: 0.88,
    details:
      'Comunidades de la posguerra con casas rancho y casas adosadas al sur de Camelback Road, donde la ' +
      'cámara encuentra seguido tubería de Orangeburg colapsada.',
  },
  {
    id: 'central-tempe/maple-ash',
    name: 'Maple-Ash',
    city: 'tempe',
    lat: 33.4196,
    lng: -111.9421,
    risk: 'Crítico',
    riskLevel: 'critical',
    era: '1920–1945',
    pipes: 'Barro vitrificado',
    intensity: 0.9,
    details:
      'Bungalows de las décadas de 1920 a 1940 con laterales de barro bajo grandes árboles de sombra; las ' +
      'raíces suelen ser las culpables.',
  },
  {
    id: 'arcadia',
    name: 'Arcadia',
    city: 'phoenix',
    lat: 33.5028,
    lng: -111.9675,
    risk: 'Alto',
    riskLevel: 'high',
    era: '1950–1965',
    pipes: 'Hierro fundido y Orangeburg',
    intensity: 0.78,
    details:
      'Antiguos huertos de cítricos convertidos en lotes para casas estilo rancho; los tramos largos de ' +
      'alcantarillado y las raíces de los viejos huertos someten a mucho esfuerzo la tubería de mediados de ' +
      'siglo.',
  },
  {
    id: 'maryvale',
    name: 'Maryvale',
    city: 'phoenix',
    lat: 33.4948,
    lng: -112.1774,
    risk: 'Alto',
    riskLevel: 'high',
    era: '1955–1972',
    pipes: 'Hierro fundido y Orangeburg',
    intensity: 0.8,
    details:
      'Uno de los primeros grandes fraccionamientos del Valle; sus líneas de drenaje originales ya tienen ' +
      'entre 50 y 70 años.',
  },
  {
    id: 'sunnyslope',
    name: 'Sunnyslope',
    city: 'phoenix',
    lat: 33.5735,
    lng: -112.0718,
    risk: 'Alto',
    riskLevel: 'high',
    era: '1945–1970',
    pipes: 'Hierro fundido y Orangeburg',
    intensity: 0.72,
    details:
      'Casas de la posguerra al pie de North Mountain; el caliche y la roca hacen difícil excavar, así que ' +
      'la reparación sin zanja vale la pena.',
  },
  {
    id: 'broadmor',
    name: 'Broadmor',
    city: 'tempe',
    lat: 33.4003,
    lng: -111.9357,
    risk: 'Alto',
    riskLevel: 'high',
    era: '1955–1965',
    pipes: 'Hierro fundido',
    intensity: 0.7,
    details:
      'Casas familiares estilo rancho alrededor de la escuela primaria Broadmor, con hierro fundido bajo la ' +
      'losa que se está agrietando y llenando de sarro.',
  },
  {
    id: 'downtown-mesa',
    name: 'Distritos históricos del centro de Mesa',
    city: 'mesa',
    lat: 33.4196,
    lng: -111.8302,
    risk: 'Alto',
    riskLevel: 'high',
    era: '1920–1960',
    pipes: 'Barro y hierro fundido',
    intensity: 0.75,
    details:
      'El pueblo original de Mesa, donde los laterales de barro y el hierro fundido antiguo todavía dan ' +
      'servicio a muchas casas.',
  },
  {
    id: 'silk-stocking',
    name: 'Distrito Histórico Silk Stocking',
    city: 'chandler',
    lat: 33.3069,
    lng: -111.8442,
    risk: 'Alto',
    riskLevel: 'high',
    era: '1920–1955',
    pipes: 'Barro y hierro fundido',
    intensity: 0.7,
    details:
      'El primer distrito histórico de Chandler, al norte del centro: casas de las décadas de 1920 a 1950 ' +
      'que todavía tienen barro y hierro fundido.',
  },
  {
    id: 'heritage-district',
    name: 'Heritage District',
    city: 'gilbert',
    lat: 33.3527,
    lng: -111.7891,
    risk: 'Alto',
    riskLevel: 'high',
    era: '1915–1960',
    pipes: 'Barro y hierro fundido',
    intensity: 0.68,
    details:
      'El pueblo original de Gilbert a lo largo de Gilbert Road, donde las casas más antiguas todavía ' +
      'desaguan por barro y hierro fundido.',
  },
  {
    id: 'catlin-court',
    name: 'Catlin Court',
    city: 'glendale',
    lat: 33.5401,
    lng: -112.1839,
    risk: 'Alto',
    riskLevel: 'high',
    era: '1915–1940',
    pipes: 'Barro vitrificado',
    intensity: 0.74,
    details:
      'El distrito histórico de bungalows de Glendale, donde muchas casas hoy son tiendas; líneas de barro ' +
      'de hace un siglo con raíces y uniones desalineadas.',
  },
  {
    id: 'ahwatukee-foothills',
    name: 'Ahwatukee Foothills',
    city: 'phoenix',
    lat: 33.3406,
    lng: -111.9844,
    risk: 'Moderado',
    riskLevel: 'medium',
    era: '1975–2000',
    pipes: 'ABS y PVC',
    intensity: 0.45,
    details:
      'Zona junto a South Mountain con ABS de las décadas de 1970 y 1980 en sus secciones más antiguas; son ' +
      'comunes las uniones que se separan y las raíces.',
  },
  {
    id: 'mccormick-ranch',
    name: 'McCormick Ranch',
    city: 'scottsdale',
    lat: 33.5582,
    lng: -111.9052,
    risk: 'Moderado',
    riskLevel: 'medium',
    era: '1972–1990',
    pipes: 'Hierro fundido y ABS',
    intensity: 0.5,
    details:
      'Comunidad planificada con lagos y campo de golf; las primeras etapas tienen drenajes de hierro ' +
      'fundido y las posteriores, ABS con fallas en las uniones pegadas.',
  },
  {
    id: 'dobson-ranch',
    name: 'Dobson Ranch',
    city: 'mesa',
    lat: 33.3811,
    lng: -111.8741,
    risk: 'Moderado',
    riskLevel: 'medium',
    era: '1973–1985',
    pipes: 'Hierro fundido y ABS',
    intensity: 0.48,
    details:
      'Gran comunidad planificada de las décadas de 1970 y 1980; bajantes de hierro fundido envejecidas y ' +
      'las primeras líneas de ABS con uniones que se separan.',
  },
  {
    id: 'old-town-peoria',
    name: 'Old Town Peoria',
    city: 'peoria',
    lat: 33.5808,
    lng: -112.2398,
    risk: 'Moderado',
    riskLevel: 'medium',
    era: '1950–1975',
    pipes: 'Hierro fundido',
    intensity: 0.52,
    details:
      'El pueblo original de Peoria alrededor de Washington Street, donde la corrosión ya está perforando el ' +
      'hierro fundido de mediados de siglo.',
  },
  {
    id: 'desert-ridge',
    name: 'Desert Ridge',
    city: 'phoenix',
    lat: 33.6761,
    lng: -111.9726,
    risk: 'Bajo',
    riskLevel: 'low',
    era: '1996–2010',
    pipes: 'PVC',
    intensity: 0.2,
    details:
      'Comunidad planificada del norte de Phoenix con drenajes de PVC, donde la grasa y las raíces causan la ' +
      'mayoría de los problemas.',
  },
  {
    id: 'ocotillo',
    name: 'Ocotillo',
    city: 'chandler',
    lat: 33.2478,
    lng: -111.8738,
    risk: 'Bajo',
    riskLevel: 'low',
    era: '1985–2005',
    pipes: 'PVC',
    intensity: 0.18,
    details:
      'Comunidad más nueva con lagos y drenajes de PVC; los problemas son sobre todo raíces, grasa y tramos ' +
      'que se asentaron.',
  },
  {
    id: 'val-vista-lakes',
    name: 'Val Vista Lakes',
    city: 'gilbert',
    lat: 33.3689,
    lng: -111.7557,
    risk: 'Bajo',
    riskLevel: 'low',
    era: '1985–1998',
    pipes: 'ABS y PVC',
    intensity: 0.22,
    details:
      'Comunidad con lagos en Gilbert y drenajes de plástico; las líneas de ABS de primera generación ' +
      'empiezan a agrietarse en las conexiones.',
  },
];
