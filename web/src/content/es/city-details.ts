// Spanish edition of content/city-details.ts (issue 40): what each city page
// says beyond the facts every page shares, for the same eight cities.
//
// Not copied here (functions stay in the English module): getCityPage. A
// Spanish city page joins es/cities.ts's city with this module's copy.
import type { CitySlug } from '../cities';
import type { CityDetails } from '../city-details';

export const cityDetails: Readonly<Record<CitySlug, CityDetails>> = {
  scottsdale: {
    riskDescription:
      'Scottsdale creció más rápido en las décadas de 1950 y 1960, y las casas rancho y casas adosadas de ese auge se ' +
      'construyeron con hierro fundido bajo la losa y Orangeburg de papel alquitranado hasta la calle. Nunca se esperó ' +
      'que el Orangeburg durara mucho más de 50 años, y hoy esas líneas se están aplastando y colapsando mientras el ' +
      'hierro fundido se pudre a lo largo del fondo. Las líneas de plástico más nuevas del norte de Scottsdale son ' +
      'mucho más seguras, pero la gran cantidad de líneas que están fallando en el sur pone a la ciudad en riesgo ' +
      'crítico.',
    commonIssues: [
      'Laterales de Orangeburg colapsados o aplastados',
      'Corrosión en el fondo del hierro fundido bajo la losa',
      'Raíces de ficus, olivos y palos verdes maduros que se meten en la tubería',
      'Sarro del agua dura que va cerrando el hierro fundido viejo',
      'Drenaje que se regresa por líneas compartidas en conjuntos de casas adosadas',
      'Fallas en las uniones pegadas del ABS de la década de 1980',
    ],
    challenges: [
      'La mayoría de las casas rancho del sur de Scottsdale están construidas sobre losa, así que una reparación con ' +
        'zanja abierta significa romper los pisos de la cocina y de los baños.',
      'Las comunidades de casas adosadas como Villa Monterey comparten tramos de alcantarillado, así que una sola ' +
        'reparación muchas veces necesita que la HOA (asociación de propietarios) y varios vecinos se pongan de acuerdo.',
      'Las normas de Terrenos Ambientalmente Sensibles (Environmentally Sensitive Lands) protegen el desierto natural ' +
        'en muchos lotes del norte de Scottsdale, así que el permiso para una zanja es lento y restaurar el terreno ' +
        'sale caro.',
      'El granito, los peñascos y el caliche alrededor de Pinnacle Peak y Troon hacen que excavar sea mucho más ' +
        'difícil que revestir el tubo por dentro.',
      'El agua dura de Scottsdale deja sarro dentro del hierro fundido, que atrapa papel y grasa y acelera la ' +
        'corrosión.',
    ],
    heroIntro:
      'Desde las casas rancho de la década de 1950 en Old Town hasta las comunidades planificadas del norte, ' +
      'encontramos y reparamos las líneas de drenaje dañadas sin romper su losa, su jardín ni su paisajismo desértico.',
  },
  phoenix: {
    riskDescription:
      'Phoenix tiene las conexiones al alcantarillado más antiguas del Valle: sus distritos históricos todavía ' +
      'desaguan por barro de las décadas de 1920 a 1940, y los fraccionamientos de la posguerra, por hierro fundido y ' +
      'Orangeburg. Las uniones del barro dejan entrar raíces, el Orangeburg se deforma y el hierro fundido se cierra ' +
      'con sarro, así que muchas líneas del centro de Phoenix ya llegaron al final de su vida útil o la pasaron. Las ' +
      'zonas más nuevas, como Desert Ridge y Laveen, mantienen la calificación general de la ciudad en riesgo alto y ' +
      'no crítico.',
    commonIssues: [
      'Raíces que se meten en las uniones de la tubería de barro',
      'Tramos de barro agrietados y desalineados',
      'Laterales de Orangeburg aplastados',
      'Sarro y corrosión en el fondo del hierro fundido',
      'Hundimientos donde el suelo con riego se asentó',
    ],
    challenges: [
      'Muchas casas del centro de Phoenix se conectan a una línea principal de alcantarillado en el callejón, así que ' +
        'el lateral cruza todo el patio trasero por debajo de bardas, árboles y cobertizos.',
      'Los lotes con riego por inundación en Arcadia, North Central y los distritos históricos mantienen la tierra ' +
        'húmeda, y las raíces siguen esa agua hasta las uniones viejas de barro.',
      'En los distritos históricos con zonificación HP, los cambios exteriores pasan por la Oficina de Preservación ' +
        'Histórica de la ciudad, así que los dueños prefieren reparaciones que dejen intactos los andadores, las ' +
        'bardas y los jardines originales.',
      'El caliche, a unos cuantos pies de profundidad en Sunnyslope, Moon Valley y las faldas de las montañas, hace ' +
        'que excavar sea lento y caro.',
      'Las tormentas del monzón empujan el agua del subsuelo a través del barro y el Orangeburg agrietados, así que ' +
        'los laterales que están fallando muchas veces se notan como drenajes que se regresan en julio y agosto.',
    ],
    heroIntro:
      'Desde los bungalows de Willo hasta las casas rancho de Maryvale, inspeccionamos con cámara las líneas de ' +
      'alcantarillado de Phoenix y las revestimos en su lugar, sin excavar jardines, andadores ni entradas para carros ' +
      'históricos.',
  },
  tempe: {
    riskDescription:
      'La mayor parte del norte y el centro de Tempe se construyó entre las décadas de 1950 y 1970, cuando lo normal ' +
      'era hierro fundido bajo la losa y muchas veces Orangeburg hasta la calle. Después de 50 a 70 años, ese hierro ' +
      'fundido se está agrietando, llenando de sarro y pudriendo a lo largo del fondo, y las casas más antiguas cerca ' +
      'de ASU todavía tienen laterales de barro. El sur de Tempe es casi todo de plástico, pero el núcleo de mediados ' +
      'de siglo mantiene a la ciudad en riesgo alto.',
    commonIssues: [
      'Hierro fundido agrietado y con sarro bajo la losa',
      'Raíces que se meten en las uniones de barro y de hierro fundido',
      'Tapones de grasa y toallitas húmedas en casas de renta',
      'Laterales de Orangeburg colapsados',
      'Hundimientos donde el suelo con riego se movió',
    ],
    challenges: [
      'Los barrios más antiguos, como Maple-Ash y Mitchell Park, todavía reciben riego por inundación, y la tierra ' +
        'empapada atrae las raíces hacia los laterales viejos y hace que la tubería se asiente.',
      'Las casas de renta para estudiantes cerca de ASU tienen mucho uso y reciben mucha grasa y toallitas húmedas, ' +
        'así que ahí los drenajes viejos se tapan mucho más seguido.',
      'Las casas de mediados de siglo en Tempe están construidas sobre losa, con hierro fundido debajo del piso, así ' +
        'que una reparación con zanja abierta significa romper cuartos terminados.',
      'En los distritos históricos como Borden Homes y Date Palm Manor se prefieren reparaciones que dejen intactos ' +
        'los jardines, los andadores y los árboles maduros originales.',
    ],
    heroIntro:
      'Reparamos por dentro las viejas líneas de drenaje de hierro fundido y de barro de Tempe, para que las casas ' +
      'cerca de ASU y en todo el sur de Tempe sigan habitables mientras se hace el trabajo.',
  },
  mesa: {
    riskDescription:
      'Las viviendas de Mesa abarcan un siglo: laterales de barro en el pueblo original, hierro fundido en los barrios ' +
      'de las décadas de 1950 y 1960 que lo rodean, y ABS en las comunidades planificadas de las décadas de 1970 y ' +
      '1980. Las líneas más antiguas son de alto riesgo, pero gran parte de la ciudad tiene ABS o plástico más nuevo ' +
      'que falla más despacio, así que Mesa tiene un riesgo moderado en general. Lo que más hay que vigilar es el ABS ' +
      'de la década de 1980, porque sus uniones pegadas y sus conexiones empiezan a agrietarse.',
    commonIssues: [
      'Raíces que se meten en los laterales de barro de los distritos históricos',
      'Hierro fundido corroído en casas de las décadas de 1950 y 1960',
      'Uniones pegadas de ABS que se separan',
      'Hundimientos en laterales largos de lotes grandes',
      'Acumulación de grasa en las líneas de la cocina',
    ],
    challenges: [
      'Las casas del pueblo original muchas veces se conectan a líneas principales de alcantarillado en el callejón, ' +
        'con laterales de barro que pasan por debajo de árboles maduros, cocheras y ampliaciones.',
      'Los lotes grandes del Citrus Sub-Area y de Lehi significan laterales privados largos entre raíces de cítricos, ' +
        'y algunas casas ahí todavía tienen fosa séptica.',
      'El caliche y el terreno rocoso de las faldas de la montaña alrededor de Las Sendas y Red Mountain hacen que ' +
        'excavar sea lento y caro.',
      'El riego por inundación en los barrios más antiguos mantiene la tierra húmeda, lo que atrae raíces hacia las ' +
        'uniones y hace que la tubería se asiente.',
      'Algunos tubos de ABS fabricados en la década de 1980 tienden a agrietarse, y Mesa tiene miles de casas de esa ' +
        'década.',
    ],
    heroIntro:
      'Ya sea que su casa esté en un distrito histórico del centro o en una comunidad planificada del este de Mesa, ' +
      'diagnosticamos el drenaje con cámara y lo reparamos sin zanja.',
  },
  chandler: {
    riskDescription:
      'La mayor parte de Chandler se construyó después de 1980 con líneas de drenaje de PVC y ABS que resisten la ' +
      'corrosión y rara vez colapsan; por eso la ciudad tiene un riesgo bajo. Aquí los problemas suelen ser raíces ' +
      'en las uniones, grasa y hundimientos donde la antigua tierra de cultivo se asentó debajo del tubo. La excepción ' +
      'es el pequeño núcleo histórico alrededor del centro, donde las casas de las décadas de 1920 a 1950 todavía ' +
      'desaguan por barro y hierro fundido.',
    commonIssues: [
      'Raíces que se meten en las uniones de PVC y ABS',
      'Hundimientos por el asentamiento de la antigua tierra de cultivo',
      'Tapones de grasa y toallitas húmedas',
      'Uniones desalineadas en registros y conexiones',
      'Fallas de barro y hierro fundido en el núcleo histórico',
    ],
    challenges: [
      'El sur de Chandler se construyó sobre antiguos campos de algodón y alfalfa, y esa tierra de cultivo con riego ' +
        'se asienta debajo de las casas y deja hundimientos donde se acumulan los desechos.',
      'Parte del barrio Silk Stocking se convirtió en distrito de Preservación Histórica en 2024, así que ahí el ' +
        'trabajo exterior sigue lineamientos de diseño.',
      'Las HOA de Ocotillo, Fulton Ranch y otras comunidades planificadas exigen que el paisajismo y los adoquines se ' +
        'restauren según los planos aprobados después de cualquier excavación.',
      'El agua dura de Chandler deja sarro en los drenajes, que atrapa la grasa y estrecha hasta las líneas más ' +
        'nuevas.',
    ],
    heroIntro:
      'Los drenajes de plástico más nuevos de Chandler también se tapan, se hunden y dejan entrar raíces; encontramos ' +
      'el problema con cámara y lo reparamos sin destrozar su jardín ni sus adoquines.',
  },
  gilbert: {
    riskDescription:
      'Gilbert pasó de tener menos de 6,000 habitantes en 1980 a ser uno de los pueblos más grandes del país, así que ' +
      'casi todas sus líneas de drenaje son de PVC de menos de 35 años. El tubo de plástico no se corroe, por eso el ' +
      'riesgo es bajo; lo que falla suelen ser las uniones, por donde se meten las raíces, y los tramos que se hunden ' +
      'cuando se asienta la antigua tierra de cultivo. Las pocas casas más antiguas del Heritage District son la ' +
      'excepción.',
    commonIssues: [
      'Raíces que se meten en las uniones',
      'Acumulación de grasa en las líneas de la cocina',
      'Uniones desalineadas o separadas',
      'Hundimientos por el asentamiento del suelo',
      'Conexiones agrietadas en ABS de primera generación',
    ],
    challenges: [
      'Casi todo Gilbert era tierra de cultivo con riego hasta la década de 1990, y ese suelo blando se asienta debajo ' +
        'de las casas y deja hundimientos en las líneas de alcantarillado de PVC.',
      'Los árboles que se plantaron cuando los fraccionamientos de la década de 1990 eran nuevos ya están maduros, y ' +
        'las raíces de ficus, mezquites y cítricos se están metiendo en las uniones.',
      'Las HOA de Val Vista Lakes, Power Ranch, Morrison Ranch y Agritopia exigen que el paisajismo, los adoquines y ' +
        'las entradas para carros se restauren según los estándares aprobados después de cualquier excavación.',
      'El Heritage District todavía tiene casas de las décadas de 1920 a 1950 con drenajes de barro y hierro fundido, ' +
        'junto a los nuevos desarrollos del centro.',
    ],
    heroIntro:
      'Las casas de Gilbert son nuevas, pero sus drenajes también sufren por raíces, grasa y asentamientos; los ' +
      'destapamos y reparamos con las menores molestias para su jardín y su paisajismo aprobado por la HOA.',
  },
  glendale: {
    riskDescription:
      'El núcleo más antiguo de Glendale, incluidos Catlin Court y los barrios alrededor del centro, todavía tiene ' +
      'barro y hierro fundido de las décadas de 1950 y 1960 que se está agrietando y llenando de sarro. Fuera de ese ' +
      'núcleo, la mayoría de las casas se construyeron de la década de 1970 en adelante con ABS y PVC, que aguantan ' +
      'mejor. La mezcla de cuadras históricas de alto riesgo y fraccionamientos más nuevos de menor riesgo deja a ' +
      'Glendale con un riesgo moderado en general.',
    commonIssues: [
      'Hierro fundido agrietado y con sarro',
      'Raíces que se meten en las uniones de barro',
      'Tramos colapsados en líneas de antes de 1950',
      'Uniones de ABS que se separan en casas de las décadas de 1970 y 1980',
      'Acumulación de grasa',
    ],
    challenges: [
      'Muchos bungalows de Catlin Court ahora son tiendas y restaurantes, lo que manda cargas de grasa comercial a ' +
        'líneas residenciales de barro de hace un siglo.',
      'Los lotes más antiguos del centro de Glendale muchas veces tienen riego por inundación, lo que mantiene húmeda ' +
        'la tierra alrededor de los laterales de barro y de hierro fundido.',
      'Las comunidades más nuevas del oeste de Glendale están sobre antigua tierra de cultivo que se asienta y deja ' +
        'hundimientos en las líneas de PVC.',
      'Los cítricos y pinos maduros de los barrios de las décadas de 1970 y 1980 meten sus raíces en las uniones ' +
        'envejecidas de ABS y de hierro fundido.',
    ],
    heroIntro:
      'Desde los bungalows de Catlin Court hasta Arrowhead Ranch, inspeccionamos con cámara las líneas de drenaje de ' +
      'Glendale y las reparamos en su lugar, sin excavar su jardín.',
  },
  peoria: {
    riskDescription:
      'Las casas de las décadas de 1950 a 1970 en Old Town Peoria desaguan por hierro fundido que la corrosión ya está ' +
      'perforando, mientras que los fraccionamientos y las comunidades de retiro de las décadas de 1980 y 1990 usan ' +
      'sobre todo ABS que ya tiene de 25 a 40 años. El ABS aguanta mejor que el hierro fundido, pero sus uniones y ' +
      'conexiones empiezan a separarse y agrietarse. Las comunidades del norte de Peoria, de la década de 2000, tienen ' +
      'PVC, así que la ciudad tiene un riesgo moderado en general.',
    commonIssues: [
      'Hierro fundido corroído en las casas de Old Town',
      'Uniones de ABS separadas y agrietadas',
      'Raíces que se meten en la tubería',
      'Hundimientos en laterales largos',
      'Acumulación de grasa y sarro',
    ],
    challenges: [
      'Las casas de Old Town Peoria muchas veces tienen décadas de reparaciones parciales con materiales mezclados, y ' +
        'las transiciones entre un material y otro son puntos débiles.',
      'Las comunidades para adultos mayores, como Westbrook Village y Ventana Lakes, tienen ABS de finales de la ' +
        'década de 1980 y de la década de 1990 que está llegando a la edad en que las uniones se separan.',
      'Las comunidades del norte de Peoria, como Vistancia y Westwing Mountain, están sobre suelo rocoso de las faldas ' +
        'de la montaña y caliche, que hacen que excavar sea lento y caro.',
      'En las casas cerca de los cauces del New River y del Agua Fria, el suelo puede moverse después de las ' +
        'corrientes del monzón y dejar los laterales sin la pendiente correcta.',
    ],
    heroIntro:
      'Desde Old Town Peoria hasta Vistancia, encontramos los problemas del drenaje con una cámara y los reparamos con ' +
      'revestimiento sin zanja, para que su casa y su jardín queden intactos.',
  },
};
