// Spanish edition of content/home-neighborhoods.ts (issue 40): the home page's
// pipe-risk table, the same neighbourhoods in the same order with the same ids,
// cities, build years and risk levels. Names stay the places' own names; only a
// descriptive part such as "Historic District" is translated.
//
// HOME_TABLE_NEIGHBORHOOD_IDS is computed from this module's entries, as the
// English module computes it from its own (the ids are the same).
import type { Neighborhood } from '../home-neighborhoods';

export const homeTableNeighborhoods: readonly Neighborhood[] = [
  {
    id: 'willo',
    name: 'Distrito Histórico Willo',
    city: 'phoenix',
    era: '1920–1940',
    pipeType: 'Barro vitrificado',
    riskLevel: 'critical',
    description:
      'Bungalows de estilo revival con sus líneas laterales de alcantarillado de barro originales; las uniones ' +
      'tapadas de raíces bajo los árboles maduros de la calle son cosa de todos los días.',
  },
  {
    id: 'encanto-palmcroft',
    name: 'Encanto-Palmcroft',
    city: 'phoenix',
    era: '1927–1950',
    pipeType: 'Barro y hierro fundido',
    riskLevel: 'critical',
    description:
      'Casas históricas cerca del parque Encanto con laterales de barro hasta la calle y hierro fundido debajo de la ' +
      'casa; en muchas nunca se han cambiado.',
  },
  {
    id: 'arcadia',
    name: 'Arcadia',
    city: 'phoenix',
    era: '1950–1965',
    pipeType: 'Hierro fundido y Orangeburg',
    riskLevel: 'high',
    description:
      'Antiguos huertos de cítricos convertidos en lotes para casas estilo rancho; los tramos largos de alcantarillado ' +
      'y las raíces de los viejos huertos someten a mucho esfuerzo la tubería de mediados de siglo.',
    subNeighborhoods: [
      {
        name: 'Arcadia Lite',
        details:
          'Casas rancho más pequeñas de la década de 1950 al oeste de la calle 44; hierro fundido bajo la losa, a ' +
          'menudo con Orangeburg hasta la calle.',
      },
      {
        name: 'Arcadia Proper',
        details:
          'Lotes grandes con riego hacia la montaña Camelback; laterales de más de 100 pies que pasan entre raíces de ' +
          'cítricos y ficus.',
      },
      {
        name: 'Lower Arcadia (Arcadia Osborn)',
        details:
          'Casas de finales de la década de 1950 al sur de Indian School Road, con líneas principales de hierro fundido ' +
          'que con los años acumulan sarro y se hunden.',
      },
    ],
  },
  {
    id: 'maryvale',
    name: 'Maryvale',
    city: 'phoenix',
    era: '1955–1972',
    pipeType: 'Hierro fundido y Orangeburg',
    riskLevel: 'high',
    description:
      'Uno de los primeros grandes fraccionamientos del Valle; sus líneas de drenaje originales ya tienen entre 50 y ' +
      '70 años.',
  },
  {
    id: 'south-scottsdale',
    name: 'Sur de Scottsdale',
    city: 'scottsdale',
    era: '1955–1975',
    pipeType: 'Hierro fundido y Orangeburg',
    riskLevel: 'critical',
    description:
      'Comunidades de la posguerra con casas rancho y casas adosadas al sur de Camelback Road, donde la cámara ' +
      'encuentra seguido tubería de Orangeburg colapsada.',
    subNeighborhoods: [
      {
        name: 'Villa Monterey',
        details:
          'Casas adosadas de las décadas de 1960 y 1970 con tramos de alcantarillado compartidos; una sola línea ' +
          'lateral dañada puede hacer que el drenaje se regrese en varias unidades.',
      },
      {
        name: 'Scottsdale Estates',
        details:
          'Casas rancho de block sobre losa de finales de la década de 1950; hierro fundido bajo la losa con corrosión ' +
          'a lo largo del fondo del tubo.',
      },
      {
        name: 'Park Scottsdale',
        details:
          'Casas de la década de 1960 cerca de Scottsdale Road y Thomas; laterales de Orangeburg que se aplastan bajo ' +
          'las entradas para carros.',
      },
    ],
  },
  {
    id: 'mccormick-ranch',
    name: 'McCormick Ranch',
    city: 'scottsdale',
    era: '1972–1990',
    pipeType: 'Hierro fundido y ABS',
    riskLevel: 'medium',
    description:
      'Comunidad planificada con lagos y campo de golf; las primeras etapas tienen drenajes de hierro fundido y las ' +
      'posteriores, ABS con fallas en las uniones pegadas.',
  },
  {
    id: 'central-tempe',
    name: 'Barrios históricos del centro de Tempe',
    city: 'tempe',
    era: '1920–1960',
    pipeType: 'Barro y hierro fundido',
    riskLevel: 'critical',
    description:
      'Casas justo al sur de ASU, con algunas de las conexiones al alcantarillado más antiguas del East Valley.',
    subNeighborhoods: [
      {
        name: 'Maple-Ash',
        details:
          'Bungalows de las décadas de 1920 a 1940 con laterales de barro bajo grandes árboles de sombra; las raíces ' +
          'suelen ser las culpables.',
      },
      {
        name: 'Mitchell Park',
        details:
          'Una mezcla de casas de antes y de después de la guerra; barro hasta la calle y hierro fundido agregado en ' +
          'remodelaciones posteriores.',
      },
      {
        name: 'Borden Homes',
        details: 'Un distrito histórico de la década de 1950 con sencillas casas de block y drenajes originales de hierro fundido.',
      },
    ],
  },
  {
    id: 'broadmor',
    name: 'Broadmor',
    city: 'tempe',
    era: '1955–1965',
    pipeType: 'Hierro fundido',
    riskLevel: 'high',
    description:
      'Casas familiares estilo rancho alrededor de la escuela primaria Broadmor, con hierro fundido bajo la losa que ' +
      'se está agrietando y llenando de sarro.',
  },
  {
    id: 'downtown-mesa',
    name: 'Distritos históricos del centro de Mesa',
    city: 'mesa',
    era: '1920–1960',
    pipeType: 'Barro y hierro fundido',
    riskLevel: 'high',
    description:
      'El pueblo original de Mesa, donde los laterales de barro y el hierro fundido antiguo todavía dan servicio a ' +
      'muchas casas.',
    subNeighborhoods: [
      {
        name: 'Evergreen',
        details:
          'Bungalows antiguos al norte de Main Street con laterales de barro y conexiones al alcantarillado en el ' +
          'callejón.',
      },
      {
        name: 'Temple',
        details:
          'Casas alrededor de los terrenos del Templo de Mesa; hierro fundido de las décadas de 1930 a 1950 con ' +
          'frecuentes intrusiones de raíces.',
      },
      {
        name: 'Robson',
        details:
          'Casas históricas cerca del centro con el barro original hasta la línea principal del alcantarillado y ' +
          'muchas reparaciones parciales hechas en el pasado.',
      },
    ],
  },
  {
    id: 'dobson-ranch',
    name: 'Dobson Ranch',
    city: 'mesa',
    era: '1973–1985',
    pipeType: 'Hierro fundido y ABS',
    riskLevel: 'medium',
    description:
      'Gran comunidad planificada de las décadas de 1970 y 1980; bajantes de hierro fundido envejecidas y las ' +
      'primeras líneas de ABS con uniones que se separan.',
  },
  {
    id: 'catlin-court',
    name: 'Catlin Court',
    city: 'glendale',
    era: '1915–1940',
    pipeType: 'Barro vitrificado',
    riskLevel: 'high',
    description:
      'El distrito histórico de bungalows de Glendale, donde muchas casas hoy son tiendas; líneas de barro de hace un ' +
      'siglo con raíces y uniones desalineadas.',
  },
  {
    id: 'old-town-peoria',
    name: 'Old Town Peoria',
    city: 'peoria',
    era: '1950–1975',
    pipeType: 'Hierro fundido',
    riskLevel: 'medium',
    description:
      'El pueblo original de Peoria alrededor de Washington Street, donde la corrosión ya está perforando el hierro ' +
      'fundido de mediados de siglo.',
  },
  {
    id: 'ocotillo',
    name: 'Ocotillo',
    city: 'chandler',
    era: '1985–2005',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Comunidad más nueva con lagos y drenajes de PVC; los problemas son sobre todo raíces, grasa y tramos que se ' +
      'asentaron.',
  },
  {
    id: 'val-vista-lakes',
    name: 'Val Vista Lakes',
    city: 'gilbert',
    era: '1985–1998',
    pipeType: 'ABS y PVC',
    riskLevel: 'low',
    description:
      'Comunidad con lagos en Gilbert y drenajes de plástico; las líneas de ABS de primera generación empiezan a ' +
      'agrietarse en las conexiones.',
  },
];

/** The home table's rows' ids, in table order (the same as the English table's). */
export const HOME_TABLE_NEIGHBORHOOD_IDS: readonly string[] = homeTableNeighborhoods.map((n) => n.id);
