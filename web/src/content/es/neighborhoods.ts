// Spanish edition of content/neighborhoods.ts (issue 40): the neighbourhoods
// of the eight city pages, with the same ids, cities, build years, risk levels
// and order as the English module. Names stay the places' own names; only a
// descriptive part such as "Historic District" is translated.
//
// Like the English module, the home table's entries (es/home-neighborhoods.ts)
// and the risk map's other places (es/risk-map-neighborhoods.ts) are defined
// there and placed here by id, so each Spanish text lives in one place; the
// private lookup below does what the English placedEntry does.
// HOME_TABLE_NEIGHBORHOOD_IDS and homeTableNeighborhoods are re-exported from
// es/home-neighborhoods.ts, as the English module re-exports them.
//
// Not copied here (functions stay in the English module): neighborhoodsOf.
import type { Neighborhood } from '../home-neighborhoods';
import { homeTableNeighborhoods } from './home-neighborhoods';
import { riskMapOnlyNeighborhoods } from './risk-map-neighborhoods';

export { HOME_TABLE_NEIGHBORHOOD_IDS, homeTableNeighborhoods } from './home-neighborhoods';

/** An entry defined in the Spanish home table's or risk map's module. */
function placed(id: string): Neighborhood {
  const n = homeTableNeighborhoods.find((x) => x.id === id) ?? riskMapOnlyNeighborhoods.find((x) => x.id === id);
  if (!n) throw new Error(`no Spanish home-table or risk-map neighborhood with id ${id}`);
  return n;
}

/** Every city's neighbourhoods, grouped by city in navigation order (SPEC §2 counts). */
export const neighborhoods: readonly Neighborhood[] = [
  // Scottsdale: 16
  placed('old-town-scottsdale'),
  placed('south-scottsdale'),
  {
    id: 'village-grove',
    name: 'Village Grove',
    city: 'scottsdale',
    era: '1957–1962',
    pipeType: 'Hierro fundido y Orangeburg',
    riskLevel: 'critical',
    description:
      'Casas rancho históricas de finales de la década de 1950 junto al canal Crosscut; sus laterales de ' +
      'Orangeburg originales se están aplastando.',
  },
  {
    id: 'town-and-country-scottsdale',
    name: 'Town & Country Scottsdale',
    city: 'scottsdale',
    era: '1956–1960',
    pipeType: 'Hierro fundido',
    riskLevel: 'high',
    description:
      'Uno de los primeros fraccionamientos de la ciudad declarados históricos, donde el hierro fundido de ' +
      'la década de 1950 bajo la losa acumula sarro y se agrieta.',
  },
  {
    id: 'sands-north-townhouses',
    name: 'Sands North Townhouses',
    city: 'scottsdale',
    era: '1970–1974',
    pipeType: 'Hierro fundido',
    riskLevel: 'high',
    description:
      'Conjunto histórico de casas adosadas de principios de la década de 1970; las casas comparten muros y ' +
      'también tramos de alcantarillado de hierro fundido envejecido.',
  },
  {
    id: 'shea-corridor',
    name: 'Shea Corridor',
    city: 'scottsdale',
    era: '1970–1990',
    pipeType: 'Hierro fundido y ABS',
    riskLevel: 'medium',
    description:
      'Casas familiares a lo largo de Shea Boulevard: hierro fundido bajo las losas más antiguas y los ' +
      'primeros ABS en las más recientes.',
  },
  placed('mccormick-ranch'),
  {
    id: 'cactus-corridor',
    name: 'Cactus Corridor',
    city: 'scottsdale',
    era: '1975–1995',
    pipeType: 'ABS',
    riskLevel: 'medium',
    description:
      'Propiedades para caballos y lotes grandes al norte de Shea con laterales de alcantarillado largos; ' +
      'algunas casas todavía tienen fosa séptica.',
  },
  {
    id: 'scottsdale-ranch',
    name: 'Scottsdale Ranch',
    city: 'scottsdale',
    era: '1984–1997',
    pipeType: 'ABS y PVC',
    riskLevel: 'medium',
    description:
      'Comunidad con lagos y áreas verdes a lo largo de Via Linda, donde el ABS de la década de 1980 empieza ' +
      'a agrietarse en las conexiones.',
  },
  {
    id: 'gainey-ranch',
    name: 'Gainey Ranch',
    city: 'scottsdale',
    era: '1984–1998',
    pipeType: 'ABS y PVC',
    riskLevel: 'low',
    description:
      'Comunidad privada de golf con drenajes de plástico casi todos en buen estado; las raíces de la ' +
      'jardinería ya madura causan la mayoría de las llamadas.',
  },
  {
    id: 'pinnacle-peak',
    name: 'Pinnacle Peak',
    city: 'scottsdale',
    era: '1985–2005',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Casas hechas a la medida en lotes de granito y peñascos, donde excavar es difícil y una reparación ' +
      'sin zanja respeta el desierto.',
  },
  {
    id: 'desert-mountain',
    name: 'Desert Mountain',
    city: 'scottsdale',
    era: '1987–2010',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Comunidad de golf en las laderas del extremo norte; los laterales largos en lotes con pendiente ' +
      'pueden moverse y separarse en las uniones.',
  },
  {
    id: 'troon-north',
    name: 'Troon North',
    city: 'scottsdale',
    era: '1990–2005',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Casas de lujo rodeadas de desierto protegido; la grasa, las raíces y las uniones desalineadas son lo ' +
      'que la cámara encuentra por lo general.',
  },
  {
    id: 'grayhawk',
    name: 'Grayhawk',
    city: 'scottsdale',
    era: '1995–2005',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Comunidad planificada con drenajes de PVC; los problemas son sobre todo acumulación de grasa y alguno ' +
      'que otro hundimiento.',
  },
  {
    id: 'dc-ranch',
    name: 'DC Ranch',
    city: 'scottsdale',
    era: '1997–2012',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Comunidad más nueva al pie de las montañas McDowell; líneas de PVC con algo de asentamiento en los ' +
      'registros y las conexiones.',
  },
  {
    id: 'silverleaf',
    name: 'Silverleaf',
    city: 'scottsdale',
    era: '2001–2015',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Residencias de lujo dentro de DC Ranch con drenajes modernos; la mayoría de las visitas aquí son ' +
      'inspecciones con cámara antes de una venta o una remodelación.',
  },
  // Phoenix: 18
  {
    id: 'garfield',
    name: 'Distrito Histórico Garfield',
    city: 'phoenix',
    era: '1890–1931',
    pipeType: 'Barro vitrificado',
    riskLevel: 'critical',
    description:
      'Bungalows y casitas al este del centro, muchos todavía con la tubería de barro original y uniones ' +
      'agrietadas y desalineadas.',
  },
  {
    id: 'roosevelt',
    name: 'Distrito Histórico Roosevelt',
    city: 'phoenix',
    era: '1895–1930',
    pipeType: 'Barro vitrificado',
    riskLevel: 'critical',
    description:
      'El distrito residencial más antiguo del centro, donde laterales de barro de hace un siglo se conectan ' +
      'a las líneas principales de alcantarillado de los callejones.',
  },
  placed('willo'),
  {
    id: 'fq-story',
    name: 'Distrito Histórico F.Q. Story',
    city: 'phoenix',
    era: '1920–1948',
    pipeType: 'Barro vitrificado',
    riskLevel: 'critical',
    description:
      'Casas de estilo Tudor y colonial español cerca de la Séptima Avenida; los laterales de barro se ' +
      'agrietan donde se meten las raíces de palmeras y fresnos.',
  },
  placed('coronado'),
  placed('encanto-palmcroft'),
  {
    id: 'windsor-square',
    name: 'Windsor Square',
    city: 'phoenix',
    era: '1925–1955',
    pipeType: 'Barro y hierro fundido',
    riskLevel: 'high',
    description:
      'Distrito histórico de lotes con riego cerca de Central Avenue, con laterales largos de barro y hierro ' +
      'fundido bajo árboles viejos.',
  },
  {
    id: 'pierson-place',
    name: 'Pierson Place',
    city: 'phoenix',
    era: '1925–1955',
    pipeType: 'Barro y hierro fundido',
    riskLevel: 'high',
    description:
      'Casas de estilo revival y rancho en lotes con riego junto a Central Avenue; la tierra húmeda atrae ' +
      'las raíces hacia las uniones viejas de barro.',
  },
  {
    id: 'medlock-place',
    name: 'Medlock Place',
    city: 'phoenix',
    era: '1926–1950',
    pipeType: 'Barro y hierro fundido',
    riskLevel: 'high',
    description:
      'Pequeño distrito histórico de calles arboladas con casas de las décadas de 1920 a 1940, cuyos ' +
      'laterales de barro originales ya se están agrietando.',
  },
  {
    id: 'north-central',
    name: 'North Central Corridor',
    city: 'phoenix',
    era: '1940–1965',
    pipeType: 'Barro, hierro fundido y Orangeburg',
    riskLevel: 'high',
    description:
      'Grandes lotes residenciales con riego por inundación al norte de Bethany Home Road, con laterales ' +
      'largos que pasan entre raíces de cítricos.',
  },
  placed('sunnyslope'),
  placed('arcadia'),
  {
    id: 'marlen-grove',
    name: 'Marlen Grove',
    city: 'phoenix',
    era: '1952–1955',
    pipeType: 'Hierro fundido y Orangeburg',
    riskLevel: 'high',
    description:
      'Casas modernas de la década de 1950 diseñadas por Ralph Haver cerca de Bethany Home Road, construidas ' +
      'con Orangeburg que ahora está fallando.',
  },
  placed('maryvale'),
  {
    id: 'moon-valley',
    name: 'Moon Valley',
    city: 'phoenix',
    era: '1960–1975',
    pipeType: 'Hierro fundido',
    riskLevel: 'high',
    description:
      'Casas rancho junto al campo de golf al pie de Lookout Mountain, con hierro fundido bajo la losa que ' +
      'se está agrietando y llenando de sarro.',
  },
  placed('ahwatukee-foothills'),
  placed('desert-ridge'),
  {
    id: 'laveen',
    name: 'Laveen',
    city: 'phoenix',
    era: '2000–2015',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Antiguas lecherías y tierras de cultivo en el suroeste de Phoenix; el suelo que se asienta deja ' +
      'hundimientos en un PVC que por lo demás está en buen estado.',
  },
  // Tempe: 13
  placed('central-tempe'),
  {
    id: 'daley-park',
    name: 'Daley Park',
    city: 'tempe',
    era: '1953–1962',
    pipeType: 'Hierro fundido y Orangeburg',
    riskLevel: 'critical',
    description:
      'Casas construidas en serie a principios de la década de 1950, hoy bajo la sombra de árboles maduros ' +
      'cuyas raíces aplastan el Orangeburg original.',
  },
  {
    id: 'holdeman',
    name: 'Holdeman',
    city: 'tempe',
    era: '1940–1965',
    pipeType: 'Barro y hierro fundido',
    riskLevel: 'high',
    description:
      'Barrio de muchos años cerca de la escuela primaria Holdeman, con laterales de barro y hierro fundido ' +
      'de más de 60 años.',
  },
  {
    id: 'date-palm-manor',
    name: 'Date Palm Manor',
    city: 'tempe',
    era: '1954–1962',
    pipeType: 'Hierro fundido y Orangeburg',
    riskLevel: 'high',
    description:
      'Casas rancho históricas hechas a la medida entre las palmeras del antiguo palmar datilero; los ' +
      'drenajes originales bajo la losa están fallando.',
  },
  placed('broadmor'),
  {
    id: 'palmcroft-manor',
    name: 'Palmcroft Manor',
    city: 'tempe',
    era: '1958–1968',
    pipeType: 'Hierro fundido',
    riskLevel: 'high',
    description:
      'Casas rancho cerca del parque Selleh cuyo hierro fundido bajo la losa se está corroyendo a lo largo ' +
      'del fondo del tubo.',
  },
  {
    id: 'alameda-meadows',
    name: 'Alameda Meadows',
    city: 'tempe',
    era: '1960–1972',
    pipeType: 'Hierro fundido',
    riskLevel: 'high',
    description:
      'Casas de la zona del parque Selleh donde las inspecciones con cámara encuentran seguido sarro, ' +
      'grietas y raíces que se meten.',
  },
  {
    id: 'shalimar',
    name: 'Shalimar',
    city: 'tempe',
    era: '1960–1975',
    pipeType: 'Hierro fundido',
    riskLevel: 'high',
    description:
      'Casas alrededor del campo de golf Shalimar, de nueve hoyos, donde los árboles del campo meten sus ' +
      'raíces en el hierro fundido envejecido.',
  },
  {
    id: 'jen-tilly-terrace',
    name: 'Jen Tilly Terrace',
    city: 'tempe',
    era: '1970–1980',
    pipeType: 'Hierro fundido y ABS',
    riskLevel: 'medium',
    description:
      'Casas familiares de la década de 1970 con hierro fundido bajo la losa y los primeros ABS en etapas ' +
      'posteriores y remodelaciones.',
  },
  {
    id: 'the-lakes',
    name: 'The Lakes',
    city: 'tempe',
    era: '1970–1985',
    pipeType: 'Hierro fundido y ABS',
    riskLevel: 'medium',
    description:
      'La comunidad de Tempe con lago artificial; las casas más antiguas tienen hierro fundido y las etapas ' +
      'posteriores, ABS con uniones que se separan.',
  },
  {
    id: 'pheasant-ridge',
    name: 'Pheasant Ridge',
    city: 'tempe',
    era: '1980–1988',
    pipeType: 'ABS',
    riskLevel: 'medium',
    description:
      'Un enclave del sur de Tempe con menos de cincuenta casas de la década de 1980, cuyos drenajes ' +
      'de ABS están llegando a la mitad de su vida.',
  },
  {
    id: 'warner-ranch',
    name: 'Warner Ranch',
    city: 'tempe',
    era: '1985–1995',
    pipeType: 'ABS y PVC',
    riskLevel: 'low',
    description:
      'Comunidad planificada del sur de Tempe; los drenajes están en buen estado, pero las raíces y la grasa ' +
      'causan tapones de vez en cuando.',
  },
  {
    id: 'tempe-town-lake',
    name: 'Tempe Town Lake',
    city: 'tempe',
    era: '2005–2020',
    pipeType: 'PVC y hierro fundido sin campana (no-hub)',
    riskLevel: 'low',
    description:
      'Torres de condominios y casas adosadas junto al lago, donde las líneas compartidas se tapan por grasa ' +
      'y toallitas húmedas, no por la edad.',
  },
  // Mesa: 16
  {
    id: 'west-second-street',
    name: 'Distrito Histórico West Second Street',
    city: 'mesa',
    era: '1890–1950',
    pipeType: 'Barro vitrificado',
    riskLevel: 'critical',
    description:
      'El distrito histórico más antiguo de Mesa, con calles con camellón y árboles centenarios encima de ' +
      'laterales de barro.',
  },
  {
    id: 'fraser-fields',
    name: 'Fraser Fields',
    city: 'mesa',
    era: '1947–1956',
    pipeType: 'Hierro fundido y Orangeburg',
    riskLevel: 'critical',
    description:
      'Casas rancho históricas hechas a la medida en lotes grandes al este del centro, muchas todavía con ' +
      'sus laterales de Orangeburg originales.',
  },
  {
    id: 'glenwood-wilbur',
    name: 'Distrito Histórico Glenwood-Wilbur',
    city: 'mesa',
    era: '1912–1945',
    pipeType: 'Barro vitrificado',
    riskLevel: 'high',
    description:
      'Los primeros fraccionamientos trazados dentro del pueblo original, donde los laterales de barro se ' +
      'agrietan bajo viejos árboles de sombra.',
  },
  placed('downtown-mesa'),
  {
    id: 'lehi',
    name: 'Lehi',
    city: 'mesa',
    era: '1940–1980',
    pipeType: 'Barro y hierro fundido',
    riskLevel: 'high',
    description:
      'La histórica zona agrícola de Mesa junto al río Salado, con laterales largos en lotes grandes y ' +
      'algunas casas con fosa séptica.',
  },
  {
    id: 'golden-hills',
    name: 'Golden Hills',
    city: 'mesa',
    era: '1955–1968',
    pipeType: 'Hierro fundido y Orangeburg',
    riskLevel: 'high',
    description:
      'Casas de estilo moderno de mediados de siglo, de las décadas de 1950 y 1960, con hierro fundido bajo ' +
      'la losa y Orangeburg hasta la calle.',
  },
  {
    id: 'mesa-country-club',
    name: 'Mesa Country Club',
    city: 'mesa',
    era: '1955–1972',
    pipeType: 'Hierro fundido',
    riskLevel: 'high',
    description:
      'Casas rancho a lo largo del campo de golf al norte del centro; los viejos árboles del campo meten sus ' +
      'raíces en los drenajes de hierro fundido.',
  },
  {
    id: 'citrus-sub-area',
    name: 'Citrus Sub-Area',
    city: 'mesa',
    era: '1960–1990',
    pipeType: 'Hierro fundido y ABS',
    riskLevel: 'medium',
    description:
      'Lotes grandes entre los huertos de cítricos del noreste de Mesa, con laterales largos, raíces de ' +
      'cítricos y algunas fosas sépticas.',
  },
  placed('dobson-ranch'),
  {
    id: 'alta-mesa',
    name: 'Alta Mesa',
    city: 'mesa',
    era: '1980–1995',
    pipeType: 'ABS',
    riskLevel: 'medium',
    description:
      'Comunidad de golf en el noreste de Mesa cuyas líneas de ABS de la década de 1980 empiezan a separarse ' +
      'en las uniones pegadas.',
  },
  {
    id: 'red-mountain-ranch',
    name: 'Red Mountain Ranch',
    city: 'mesa',
    era: '1986–2000',
    pipeType: 'ABS y PVC',
    riskLevel: 'low',
    description:
      'Comunidad de golf en las laderas con drenajes de plástico casi todos en buen estado; el suelo rocoso ' +
      'hace que cualquier excavación sea lenta y costosa.',
  },
  {
    id: 'superstition-springs',
    name: 'Superstition Springs',
    city: 'mesa',
    era: '1987–2000',
    pipeType: 'ABS y PVC',
    riskLevel: 'low',
    description:
      'Fraccionamientos del este de Mesa alrededor del campo de golf y el centro comercial, donde las raíces ' +
      'y la grasa causan la mayoría de los tapones.',
  },
  {
    id: 'las-sendas',
    name: 'Las Sendas',
    city: 'mesa',
    era: '1995–2010',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Comunidad exclusiva en las faldas de la montaña, cerca de Usery Mountain, donde el caliche y los ' +
      'peñascos hacen costosa cualquier excavación.',
  },
  {
    id: 'augusta-ranch',
    name: 'Augusta Ranch',
    city: 'mesa',
    era: '2000–2008',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Comunidad familiar del sureste de Mesa en antiguas tierras de cultivo, donde el suelo que se asienta ' +
      'puede dejar hundimientos en las líneas de PVC.',
  },
  {
    id: 'sunland-springs-village',
    name: 'Sunland Springs Village',
    city: 'mesa',
    era: '2000–2012',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Comunidad para mayores de 55 años construida por Farnsworth al sur de Baseline Road, con drenajes ' +
      'modernos de PVC y pocos problemas.',
  },
  {
    id: 'eastmark',
    name: 'Eastmark',
    city: 'mesa',
    era: '2014–2024',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Nueva comunidad planificada en el antiguo campo de pruebas de GM en el desierto; sus drenajes son ' +
      'jóvenes y rara vez fallan.',
  },
  // Chandler: 14
  {
    id: 'southside-chandler',
    name: 'Southside (el sur histórico de Chandler)',
    city: 'chandler',
    era: '1912–1960',
    pipeType: 'Barro y hierro fundido',
    riskLevel: 'high',
    description:
      'Uno de los barrios más antiguos de Chandler, al sur del centro, con laterales de barro y hierro ' +
      'fundido de muchas épocas.',
  },
  placed('silk-stocking'),
  {
    id: 'arrowhead-meadows',
    name: 'Arrowhead Meadows',
    city: 'chandler',
    era: '1973–1985',
    pipeType: 'Hierro fundido y ABS',
    riskLevel: 'medium',
    description:
      'Casas del norte de Chandler de las décadas de 1970 y 1980 cuyo hierro fundido bajo la losa empieza a ' +
      'acumular sarro y a agrietarse.',
  },
  {
    id: 'knoell-east',
    name: 'Knoell East',
    city: 'chandler',
    era: '1979–1988',
    pipeType: 'ABS',
    riskLevel: 'medium',
    description:
      'Barrio establecido del norte de Chandler cerca de Elliot Road y Alma School Road, con líneas de ABS ' +
      'de la década de 1980 que ya están envejeciendo.',
  },
  {
    id: 'san-mateo',
    name: 'San Mateo',
    city: 'chandler',
    era: '1982–1990',
    pipeType: 'ABS',
    riskLevel: 'medium',
    description:
      'Casas de la década de 1980 cerca de Knox Road y Ray Road, donde las uniones pegadas del ABS y las ' +
      'raíces de los árboles son los problemas de siempre.',
  },
  placed('ocotillo'),
  {
    id: 'stellar-airpark',
    name: 'Stellar Airpark',
    city: 'chandler',
    era: '1985–2005',
    pipeType: 'ABS y PVC',
    riskLevel: 'low',
    description:
      'Zona residencial con aeródromo: casas con hangar junto a una pista privada; los laterales largos ' +
      'pasan por debajo de hangares y calles de rodaje.',
  },
  {
    id: 'west-chandler',
    name: 'Oeste de Chandler',
    city: 'chandler',
    era: '1985–2000',
    pipeType: 'ABS y PVC',
    riskLevel: 'low',
    description:
      'Barrios entre la I-10 y la Loop 101 con drenajes de plástico de las décadas de 1980 y 1990 que sobre ' +
      'todo necesitan trabajo por raíces.',
  },
  {
    id: 'andersen-springs',
    name: 'Andersen Springs',
    city: 'chandler',
    era: '1986–1996',
    pipeType: 'ABS y PVC',
    riskLevel: 'low',
    description:
      'Fraccionamiento familiar de finales de la década de 1980 donde el ABS de primera generación empieza a ' +
      'mostrar desgaste en las conexiones.',
  },
  {
    id: 'clemente-ranch',
    name: 'Clemente Ranch',
    city: 'chandler',
    era: '1993–2000',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Comunidad familiar del sur de Chandler con drenajes de PVC en buen estado; las raíces y la grasa ' +
      'causan la mayoría de los tapones.',
  },
  {
    id: 'pecos-ranch',
    name: 'Pecos Ranch',
    city: 'chandler',
    era: '1994–2001',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Comunidad de mediados de la década de 1990 con drenajes de PVC, donde el suelo que se asienta a veces ' +
      'deja hundimientos en los que se acumulan desechos.',
  },
  {
    id: 'fox-crossing',
    name: 'Fox Crossing',
    city: 'chandler',
    era: '1996–2003',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Casas de finales de la década de 1990 cuyas líneas de PVC, todavía jóvenes, sobre todo necesitan ' +
      'limpieza con hidrojet por la grasa y de vez en cuando por alguna raíz.',
  },
  {
    id: 'sun-groves',
    name: 'Sun Groves',
    city: 'chandler',
    era: '1998–2005',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Construida en antiguas tierras de cítricos del sur de Chandler; las raíces que quedaron de los ' +
      'huertos todavía encuentran cómo meterse en las uniones.',
  },
  {
    id: 'fulton-ranch',
    name: 'Fulton Ranch',
    city: 'chandler',
    era: '2002–2012',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Comunidad con lago en el sur de Chandler con PVC más nuevo, donde los problemas se limitan a uniones ' +
      'desalineadas, grasa y asentamiento.',
  },
  // Gilbert: 7
  placed('heritage-district'),
  {
    id: 'the-islands',
    name: 'The Islands',
    city: 'gilbert',
    era: '1986–1996',
    pipeType: 'ABS y PVC',
    riskLevel: 'medium',
    description:
      'Casas en islas de un lago artificial; el ABS de finales de la década de 1980 y los tramos largos de ' +
      'los laterales hacen de las uniones el punto débil.',
  },
  placed('val-vista-lakes'),
  {
    id: 'power-ranch',
    name: 'Power Ranch',
    city: 'gilbert',
    era: '1998–2010',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Gran comunidad del sureste de Gilbert en antiguas tierras de cultivo, donde el suelo que se asienta ' +
      'deja de vez en cuando hundimientos en el PVC.',
  },
  {
    id: 'morrison-ranch',
    name: 'Morrison Ranch',
    city: 'gilbert',
    era: '1999–2015',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Calles arboladas en la antigua granja de la familia Morrison, donde los árboles de la calle ahora ' +
      'meten sus raíces en las uniones.',
  },
  {
    id: 'agritopia',
    name: 'Agritopia',
    city: 'gilbert',
    era: '2001–2012',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Comunidad construida alrededor de una granja, cuyos huertos de cítricos y palmeras datileras mandan ' +
      'raíces hacia líneas de PVC que por lo demás están en buen estado.',
  },
  {
    id: 'seville',
    name: 'Seville',
    city: 'gilbert',
    era: '2004–2012',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Comunidad con golf y lago en el sur de Gilbert, donde la grasa y el asentamiento son los principales ' +
      'problemas de drenaje.',
  },
  // Glendale: 7
  placed('catlin-court'),
  {
    id: 'floralcroft',
    name: 'Floralcroft',
    city: 'glendale',
    era: '1928–1950',
    pipeType: 'Barro y hierro fundido',
    riskLevel: 'high',
    description:
      'Uno de los primeros fraccionamientos, cerca del centro, con casas de estilo revival de la década de ' +
      '1930 cuyos laterales de barro están agrietados y llenos de raíces.',
  },
  {
    id: 'glen-lakes',
    name: 'Glen Lakes',
    city: 'glendale',
    era: '1962–1975',
    pipeType: 'Hierro fundido',
    riskLevel: 'high',
    description:
      'Casas del centro de Glendale alrededor del antiguo campo de golf Glen Lakes, con hierro fundido bajo ' +
      'la losa que ya está fallando.',
  },
  {
    id: 'sahuaro-ranch',
    name: 'Sahuaro Ranch',
    city: 'glendale',
    era: '1975–1990',
    pipeType: 'Hierro fundido y ABS',
    riskLevel: 'medium',
    description:
      'Casas cerca del histórico parque Sahuaro Ranch, con hierro fundido en las casas más antiguas y ABS en ' +
      'las más recientes.',
  },
  {
    id: 'bellair',
    name: 'Bellair',
    city: 'glendale',
    era: '1976–1986',
    pipeType: 'Hierro fundido y ABS',
    riskLevel: 'medium',
    description:
      'Comunidad de golf del norte de Glendale donde los árboles maduros se topan con drenajes envejecidos ' +
      'de ABS y hierro fundido.',
  },
  {
    id: 'arrowhead-ranch',
    name: 'Arrowhead Ranch',
    city: 'glendale',
    era: '1985–2000',
    pipeType: 'ABS y PVC',
    riskLevel: 'low',
    description:
      'Comunidad con lago construida sobre antiguos huertos de cítricos; las raíces de los cítricos que ' +
      'sobreviven se meten en las uniones de plástico.',
  },
  {
    id: 'rovey-farm-estates',
    name: 'Rovey Farm Estates',
    city: 'glendale',
    era: '2003–2012',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Comunidad de lotes grandes del oeste de Glendale en la antigua granja de la familia Rovey, donde el ' +
      'suelo blando causa hundimientos de vez en cuando.',
  },
  // Peoria: 14
  placed('old-town-peoria'),
  {
    id: 'desert-harbor',
    name: 'Desert Harbor',
    city: 'peoria',
    era: '1983–1995',
    pipeType: 'ABS',
    riskLevel: 'medium',
    description:
      'Comunidad frente al lago de la década de 1980 cuyos drenajes de ABS, ya envejecidos, se están ' +
      'separando en las uniones pegadas.',
  },
  {
    id: 'country-meadows',
    name: 'Country Meadows',
    city: 'peoria',
    era: '1984–1995',
    pipeType: 'ABS',
    riskLevel: 'medium',
    description:
      'Fraccionamientos familiares del sur de Peoria cuyo ABS de las décadas de 1980 y 1990 ya presenta ' +
      'conexiones agrietadas y raíces que se meten.',
  },
  {
    id: 'westbrook-village',
    name: 'Westbrook Village',
    city: 'peoria',
    era: '1985–2000',
    pipeType: 'ABS',
    riskLevel: 'medium',
    description:
      'Comunidad de golf para mayores de 55 años cuyas líneas de ABS ya tienen entre 25 y 40 años y empiezan ' +
      'a agrietarse en las conexiones.',
  },
  {
    id: 'ventana-lakes',
    name: 'Ventana Lakes',
    city: 'peoria',
    era: '1990–2000',
    pipeType: 'ABS y PVC',
    riskLevel: 'medium',
    description:
      'Comunidad con lago solo para adultos mayores cerca de la avenida 107 y Beardsley Road, con líneas de ' +
      'plástico de la década de 1990 que empiezan a envejecer.',
  },
  {
    id: 'parkridge',
    name: 'Parkridge',
    city: 'peoria',
    era: '1995–2005',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Comunidad familiar con drenajes de PVC, donde la grasa, las raíces y alguno que otro hundimiento ' +
      'explican la mayoría de las llamadas de servicio.',
  },
  {
    id: 'fletcher-heights',
    name: 'Fletcher Heights',
    city: 'peoria',
    era: '1998–2006',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Comunidad planificada de finales de la década de 1990 donde el asentamiento y la grasa, no la edad de ' +
      'la tubería, causan la mayoría de los tapones.',
  },
  {
    id: 'terramar',
    name: 'Terramar',
    city: 'peoria',
    era: '1999–2006',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Barrios del norte de Peoria con drenajes de PVC y, de vez en cuando, raíces que se meten desde la ' +
      'jardinería que va creciendo.',
  },
  {
    id: 'sonoran-mountain-ranch',
    name: 'Sonoran Mountain Ranch',
    city: 'peoria',
    era: '2000–2008',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Casas en las faldas de la montaña sobre terreno rocoso, donde una reparación sin zanja evita tener ' +
      'que romper caliche y roca.',
  },
  {
    id: 'westwing-mountain',
    name: 'Westwing Mountain',
    city: 'peoria',
    era: '2002–2008',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Comunidad en las laderas de West Wing Mountain, donde los lotes con pendiente ponen presión sobre las ' +
      'uniones cuando el suelo se mueve.',
  },
  {
    id: 'camino-a-lago',
    name: 'Camino a Lago',
    city: 'peoria',
    era: '2002–2008',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Casas del norte de Peoria rumbo al lago Pleasant con líneas de PVC jóvenes; una inspección con cámara ' +
      'detecta a tiempo las uniones desalineadas.',
  },
  {
    id: 'vistancia',
    name: 'Vistancia',
    city: 'peoria',
    era: '2004–2020',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Gran comunidad planificada del norte de Peoria con drenajes modernos; los problemas son raros y casi ' +
      'siempre son de grasa.',
  },
  {
    id: 'trilogy-at-vistancia',
    name: 'Trilogy at Vistancia',
    city: 'peoria',
    era: '2004–2016',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Comunidad estilo resort para mayores de 55 años dentro de Vistancia, cuyas líneas de PVC más nuevas ' +
      'sobre todo necesitan limpieza de rutina.',
  },
  {
    id: 'tierra-del-rio',
    name: 'Tierra del Rio',
    city: 'peoria',
    era: '2007–2015',
    pipeType: 'PVC',
    riskLevel: 'low',
    description:
      'Casas más nuevas cerca de la avenida 99 y Jomax Road con drenajes de PVC jóvenes y muy pocas fallas ' +
      'de tubería.',
  },
];
