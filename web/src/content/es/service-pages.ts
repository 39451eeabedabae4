// Spanish edition of content/service-pages.ts (issue 40): the copy of the four
// service pages. Same structure, ids, paths and figures as the English pages;
// paths stay English (they are mapped to /es/ at render time). The claims keep
// DESIGN §8's wording rules: the warranty is always "Garantía de por vida en
// las instalaciones de revestimiento" and "vida útil de más de 50 años" is
// about the liner. Phone, company name and hours are never written here.
import type {
  CippLiningPage,
  DrainInspectionsPage,
  EpoxyCoatingPage,
  PipeBurstingPage,
} from '../service-pages';
import { pipeEras } from './eras';
import { processVideo } from './videos';

const SCHEDULE = 'Programe su inspección gratis';
const RELATED = 'Otros servicios sin zanja';

export const cippLiningPage: CippLiningPage = {
  path: '/services/cipp-lining',
  seo: {
    title: 'Revestimiento de tuberías CIPP con curado por luz azul',
    description:
      'Revestimiento CIPP con curado por luz azul para drenajes del Valle de Phoenix, sin excavar: 4–8 horas el mismo día, con garantía de por vida en la instalación.',
  },
  hero: {
    eyebrow: 'Reparación de drenaje sin zanja',
    title: 'Revestimiento de tuberías CIPP con curado por luz azul',
    lead:
      'Reconstruimos por dentro las líneas de drenaje agrietadas, corroídas o dañadas por raíces. Pasamos un revestimiento saturado de resina por su tubería existente y lo curamos con luz LED azul, lo que deja una tubería nueva sin uniones, sin abrir una zanja en su patio, su entrada de autos ni sus pisos.',
    highlights: [
      'Los trabajos CIPP del mismo día toman 4–8 horas',
      'Vida útil del revestimiento de más de 50 años',
      'Garantía de por vida en las instalaciones de revestimiento',
      'Inspección con cámara gratis con cualquier cotización',
    ],
    scheduleLabel: SCHEDULE,
  },
  explanation: {
    title: '¿Qué es el revestimiento de tuberías CIPP?',
    paragraphs: [
      'CIPP son las siglas en inglés de tubería curada en sitio (cured-in-place pipe). En lugar de excavar una línea de drenaje dañada, construimos una tubería nueva dentro de la vieja. Un revestimiento flexible de fieltro se satura con resina, se introduce en la línea ya limpia por un registro de limpieza existente o por un pequeño punto de acceso, y se infla para que quede bien pegado a la pared del tubo viejo.',
      'Luego, un tren de luces LED azules recorre el revestimiento y cura la resina en sitio, endureciéndola de un extremo al otro en una sola pasada. El curado con luz es rápido y controlado; por eso la mayoría de los trabajos del mismo día se terminan en 4–8 horas y usted puede volver a usar sus drenajes esa misma noche.',
      'El resultado es una tubería lisa y sin uniones, sin juntas donde puedan meterse las raíces. El CIPP repara el 90% de los problemas de tubería, incluido el hierro fundido agrietado y corroído bajo la losa, las líneas laterales de barro llenas de raíces y las uniones desplazadas.',
    ],
  },
  process: {
    title: 'Nuestro proceso de revestimiento en cinco pasos',
    intro:
      'Todos los trabajos de revestimiento siguen los mismos cinco pasos, y usted ve la tubería en cámara antes y después.',
    steps: [
      {
        id: 'inspection',
        title: 'Inspección con cámara',
        detail:
          'Una cámara HD recorre toda la línea. Grabamos las imágenes y localizamos cada defecto, su profundidad y su longitud. La inspección es gratis con cualquier cotización.',
      },
      {
        id: 'cleaning',
        title: 'Limpieza y preparación',
        detail:
          'La hidrolimpieza y el desincrustado eliminan raíces, grasa y corrosión hasta la pared del tubo, para que el revestimiento asiente y selle bien.',
      },
      {
        id: 'wet-out',
        title: 'Medición e impregnación',
        detail:
          'El revestimiento se corta a la longitud medida y se satura con resina ahí mismo, para que esté fresco cuando entre en su tubería.',
      },
      {
        id: 'install-cure',
        title: 'Instalación y curado con luz azul',
        detail:
          'El revestimiento se jala hasta su lugar, se infla contra el tubo viejo y se cura con luz LED azul. Las conexiones de los ramales se vuelven a abrir desde adentro.',
      },
      {
        id: 'final-check',
        title: 'Revisión final con cámara',
        detail:
          'Una segunda pasada de la cámara le muestra la tubería terminada. Usted se queda con el video del antes y el después, y comienza su garantía de por vida en la instalación del revestimiento.',
      },
    ],
  },
  benefits: {
    title: 'Por qué los propietarios eligen el revestimiento CIPP',
    cards: [
      {
        id: 'no-trench',
        title: 'Sin zanja y sin destrozar el patio',
        text: 'Trabajamos a través de un registro de limpieza o de un pequeño punto de acceso. El césped, los adoquines, la entrada de autos, la alberca y los árboles maduros se quedan donde están.',
      },
      {
        id: 'same-day',
        title: 'Listo el mismo día',
        text: 'Los trabajos CIPP del mismo día toman 4–8 horas, desde la primera pasada de la cámara hasta la última.',
      },
      {
        id: 'cost',
        title: 'Cuesta menos que el reemplazo',
        text: 'La reparación sin zanja cuesta 30–50% menos que el reemplazo, una vez que se cuentan la excavación, el acarreo y la reparación del concreto o la jardinería.',
      },
      {
        id: 'liner-life',
        title: 'Vida útil del revestimiento de más de 50 años',
        text: 'El revestimiento curado es una tubería nueva por sí mismo. No se oxida y no tiene uniones que puedan encontrar las raíces de mezquites, ficus o cítricos.',
      },
      {
        id: 'warranty',
        title: 'Garantía de por vida en las instalaciones de revestimiento',
        text: 'Todo revestimiento que instalamos está cubierto. Usted recibe los términos de la garantía por escrito junto con su cotización.',
      },
      {
        id: 'flow',
        title: 'Flujo completo y sin tropiezos',
        text: 'El revestimiento mide apenas unos milímetros de grosor, y su pared lisa no deja que se pegue el sarro ni la grasa que se adhieren al hierro fundido viejo.',
      },
    ],
  },
  video: {
    title: 'Vea un trabajo de revestimiento con luz azul',
    intro:
      'Siga una línea de drenaje desde la primera pasada de la cámara hasta el revestimiento curado. El video se carga desde el reproductor de privacidad mejorada de YouTube solo cuando usted presiona reproducir.',
    video: processVideo,
  },
  comparison: {
    title: 'Revestimiento CIPP contra excavar y reemplazar',
    intro: 'Con los dos métodos usted termina con una línea de drenaje que funciona. La diferencia está en todo lo que la rodea.',
    caption: 'Comparación del revestimiento CIPP con la reparación de drenaje por excavación y reemplazo',
    rowHeader: 'Aspecto',
    columns: ['Revestimiento CIPP', 'Excavar y reemplazar'],
    rows: [
      { label: 'Excavación', cells: ['Ninguna, o un pequeño punto de acceso', 'Una zanja a lo largo de toda la tubería'] },
      { label: 'Tiempo típico', cells: ['4–8 horas en trabajos del mismo día', '1-2 semanas, incluida la restauración'] },
      { label: 'Costo', cells: ['30–50% menos que el reemplazo', 'Excavación, tubería nueva, acarreo y restauración'] },
      { label: 'Patio, entrada de autos y pisos', cells: ['Se quedan como están', 'Se rompen y luego se reconstruyen'] },
      { label: 'Uniones por donde entran raíces', cells: ['Ninguna: una sola tubería sin uniones', 'Una unión entre cada sección'] },
      { label: 'Vida útil esperada', cells: ['Vida útil del revestimiento de más de 50 años', 'Depende del material de la tubería nueva'] },
      { label: 'Garantía', cells: ['Garantía de por vida en las instalaciones de revestimiento', 'La fija el contratista'] },
    ],
    note: 'Una línea totalmente colapsada no se puede revestir; el estallido de tubería la reemplaza sin zanja.',
  },
  faqs: {
    title: 'Preguntas sobre el revestimiento CIPP',
    faqs: [
      {
        id: 'how-long',
        question: '¿Cuánto tarda el revestimiento CIPP?',
        answer:
          'Los trabajos CIPP del mismo día toman 4–8 horas, incluidas la limpieza, la instalación, el curado y la revisión final con cámara. Una línea muy larga o varias conexiones de ramales pueden requerir un segundo día, y se lo decimos antes de empezar.',
      },
      {
        id: 'stay-home',
        question: '¿Tengo que salir de mi casa durante el trabajo?',
        answer:
          'No. Puede quedarse en casa. Los drenajes no se pueden usar mientras se instala y se cura el revestimiento, así que planeamos el trabajo tomando en cuenta las regaderas y la lavandería, y le avisamos cuándo puede volver a usar el agua.',
      },
      {
        id: 'every-pipe',
        question: '¿Se puede revestir cualquier tubería?',
        answer:
          'La mayoría sí: el CIPP repara el 90% de los problemas de tubería. Una línea totalmente colapsada, como el Orangeburg aplastado, necesita estallido de tubería, y un hundimiento profundo puede requerir una reparación puntual. La inspección con cámara muestra qué le corresponde a su línea.',
      },
      {
        id: 'smaller',
        question: '¿El revestimiento hace más chica mi tubería?',
        answer:
          'Un poco. El revestimiento mide apenas unos milímetros de grosor, y su pared lisa normalmente conduce el flujo igual de bien que el hierro fundido áspero y lleno de sarro, o mejor.',
      },
      {
        id: 'life-warranty',
        question: '¿Cuánto dura el revestimiento y cuál es la garantía?',
        answer:
          'Son dos cosas distintas. El revestimiento en sí tiene una vida útil de más de 50 años. Aparte, damos una garantía de por vida en las instalaciones de revestimiento, con los términos por escrito en su cotización.',
      },
      {
        id: 'discounts',
        question: '¿Ofrecen algún descuento?',
        answer:
          'Sí. Pagamos un bono de $500 por recomendación cuando alguien que usted nos recomienda contrata una reparación, y los vecinos que contratan juntos reciben un 10% de descuento de grupo cuando se inscriben tres casas o más.',
      },
    ],
  },
  cta: {
    title: 'Revista su tubería en lugar de excavarla',
    text: 'Empiece con una inspección con cámara gratis. Usted ve el interior de su tubería, recibe una cotización por escrito el mismo día y sabe si a su línea le conviene un revestimiento completo, una reparación puntual u otra solución.',
    points: ['Inspección con cámara gratis con cualquier cotización', 'Servicio el mismo día, los 7 días de la semana'],
    scheduleLabel: SCHEDULE,
    relatedLabel: RELATED,
  },
  contactTitle: 'Programe su evaluación gratis de revestimiento CIPP',
};

export const pipeBurstingPage: PipeBurstingPage = {
  path: '/services/pipe-bursting',
  seo: {
    title: 'Estallido de tubería sin zanja para líneas de drenaje',
    description:
      'El estallido de tubería reemplaza drenajes colapsados del Valle de Phoenix desde dos fosas de 3x3 pies: 1-2 días contra 1-2 semanas si se excava y reemplaza.',
  },
  hero: {
    eyebrow: 'Reemplazo de drenaje sin zanja',
    title: 'Estallido de tubería para líneas de drenaje colapsadas',
    lead:
      'Cuando una línea de drenaje está demasiado rota para revestirla, la reemplazamos sin zanja. Un cabezal de estallido parte la tubería vieja y jala a su lugar una tubería nueva sin uniones, trabajando desde dos fosas de acceso de 3x3 pies.',
    highlights: [
      'Fosas de acceso de 3x3 pies en lugar de una zanja',
      '1-2 días contra 1-2 semanas al excavar y reemplazar',
      'Se puede aumentar el diámetro de la línea al reemplazarla',
      'Inspección con cámara gratis con cualquier cotización',
    ],
    scheduleLabel: SCHEDULE,
  },
  explanation: {
    title: 'Cómo funciona el estallido de tubería',
    paragraphs: [
      'El estallido de tubería es un reemplazo sin zanja, no una reparación. Excavamos dos fosas de acceso de 3x3 pies, una donde la línea sale de la casa y otra cerca de la conexión con el alcantarillado de la ciudad, y pasamos un cable de acero por dentro de la tubería vieja entre las dos.',
      'Un cabezal de estallido en forma de cono, sujeto a ese cable, se jala a lo largo de la línea. Fractura la tubería vieja y empuja los pedazos hacia la tierra de alrededor, mientras la tubería nueva de HDPE, fusionada en un solo tramo continuo, lo sigue justo detrás.',
      'Un trabajo de estallido de tubería toma 1-2 días contra 1-2 semanas al excavar y reemplazar. Los únicos hoyos en su patio son las dos fosas, que rellenamos y compactamos una vez que la línea nueva está conectada y probada.',
      'Como la tubería nueva sigue el mismo recorrido que la vieja, el estallido no puede enderezar un hundimiento en la línea. Primero, la inspección con cámara nos dice si su línea es buena candidata.',
    ],
  },
  process: {
    title: 'Nuestro proceso de estallido de tubería en cinco pasos',
    steps: [
      {
        id: 'inspection',
        title: 'Inspección con cámara y localización',
        detail:
          'Revisamos la línea con cámara de punta a punta y marcamos su recorrido y su profundidad en el suelo, para que las fosas queden exactamente donde se necesitan.',
      },
      {
        id: 'pits',
        title: 'Dos fosas de acceso pequeñas',
        detail:
          'Después de que Arizona 811 marca los servicios subterráneos, excavamos una fosa de acceso de 3x3 pies en cada extremo del tramo. No se abre nada entre las dos.',
      },
      {
        id: 'fuse',
        title: 'Fusión de la tubería nueva',
        detail:
          'La tubería nueva de HDPE se termofusiona en un solo tramo continuo, sin uniones, y se sujeta detrás del cabezal de estallido.',
      },
      {
        id: 'burst',
        title: 'Estallido y jalado',
        detail:
          'Un malacate hidráulico jala el cabezal a lo largo de la línea vieja, la rompe y mete la tubería nueva en su lugar en una sola pasada.',
      },
      {
        id: 'connect',
        title: 'Conexión, prueba y relleno',
        detail:
          'Conectamos la línea nueva en ambos extremos, pasamos una cámara por dentro mientras usted observa, y luego rellenamos y compactamos las dos fosas.',
      },
    ],
  },
  suitability: {
    title: 'Cuándo conviene el estallido de tubería',
    intro: 'La mayoría de las tuberías dañadas se pueden revestir. El estallido de tubería es para las que no.',
    cards: [
      {
        id: 'orangeburg',
        title: 'Tubería Orangeburg colapsada',
        text: 'La tubería de drenaje de papel alquitranado instalada de 1945 a 1972 se ampolla y se aplana hasta que la cámara ya no puede pasar. No queda nada que revestir, así que la reemplazamos.',
      },
      {
        id: 'broken',
        title: 'Tubería demasiado rota para revestirla',
        text: 'Las secciones faltantes, el hierro fundido aplastado y el barro roto en pedazos necesitan una tubería nueva, no un revestimiento.',
      },
      {
        id: 'upsize',
        title: 'Líneas demasiado chicas',
        text: 'El cabezal de estallido puede abrir el paso una medida más grande, así que una línea de diámetro insuficiente se puede agrandar al reemplazarla, por ejemplo antes de una remodelación que agregue un baño.',
      },
      {
        id: 'hardscape',
        title: 'Líneas bajo concreto, adoquines y árboles',
        text: 'La entrada de autos, los adoquines, la alberca y los árboles maduros se quedan donde están. Solo se excavan las dos fosas de acceso.',
      },
    ],
  },
  comparison: {
    title: 'Estallido de tubería contra excavar y reemplazar',
    intro:
      'Con los dos métodos queda una línea de drenaje nueva bajo tierra. El estallido de tubería lo logra a través de dos fosas pequeñas en lugar de una zanja.',
    caption: 'Comparación del estallido de tubería con el reemplazo de la línea de drenaje por excavación',
    rowHeader: 'Aspecto',
    columns: ['Estallido de tubería', 'Excavar y reemplazar'],
    rows: [
      { label: 'Excavación', cells: ['Dos fosas de acceso de 3x3 pies', 'Una zanja a lo largo de toda la línea'] },
      { label: 'Tiempo', cells: ['1-2 días', '1-2 semanas'] },
      { label: 'Costo', cells: ['30–50% menos que el reemplazo con zanja', 'Excavación, tubería nueva, acarreo y restauración'] },
      { label: 'Tubería nueva', cells: ['HDPE termofusionado, sin uniones', 'Secciones de tubería nueva unidas con conexiones'] },
      { label: 'Tamaño de la tubería', cells: ['El mismo tamaño o una medida más grande', 'Cualquier tamaño'] },
      { label: 'Patio y entrada de autos', cells: ['Dos fosas pequeñas, ya rellenadas', 'Se destrozan y luego se reconstruyen'] },
      { label: 'Recorrido de la línea', cells: ['Sigue el de la línea vieja', 'Se puede cambiar el recorrido o la pendiente'] },
    ],
  },
  cta: {
    title: 'Averigüe si su línea necesita reemplazo',
    text: 'El estallido de tubería solo es la respuesta cuando el revestimiento no lo es. Una inspección con cámara gratis muestra cuál de los dos necesita su línea de drenaje, y usted recibe la cotización por escrito el mismo día.',
    points: ['Inspección con cámara gratis con cualquier cotización', 'Servicio el mismo día, los 7 días de la semana'],
    scheduleLabel: SCHEDULE,
    relatedLabel: RELATED,
  },
  contactTitle: 'Programe su evaluación gratis de estallido de tubería',
};

export const epoxyCoatingPage: EpoxyCoatingPage = {
  path: '/services/epoxy-coating',
  seo: {
    title: 'Recubrimiento epóxico para tuberías de drenaje',
    description:
      'El recubrimiento epóxico sella picaduras y corrosión en drenajes del Valle de Phoenix sin abrir paredes. Toma 4–6 horas y alarga 20–30 años la vida del tubo.',
  },
  hero: {
    eyebrow: 'Restauración de tuberías sin zanja',
    title: 'Recubrimiento epóxico para tuberías de drenaje corroídas',
    lead:
      'Las fugas por picadura y la corrosión en los tubos de drenaje dentro de sus paredes no tienen por qué significar arrancar el drywall y el azulejo. Limpiamos el tubo hasta dejar la pared al descubierto y lo recubrimos por dentro con epóxico, que sella las fugas y detiene la corrosión.',
    highlights: [
      'Trabajos de 4–6 horas',
      'Alarga la vida de la tubería 20–30 años',
      'Sin abrir paredes ni pisos',
      'Inspección con cámara gratis con cualquier cotización',
    ],
    scheduleLabel: SCHEDULE,
  },
  explanation: {
    title: 'Cómo funciona el recubrimiento epóxico',
    paragraphs: [
      'El recubrimiento epóxico restaura tuberías que todavía están firmes pero que se están corroyendo por dentro, sobre todo los ramales de drenaje de hierro fundido más pequeños y las líneas de ventilación bajo lavabos, tinas y cuartos de lavado, que son demasiado angostos o tienen demasiadas curvas para un revestimiento.',
      'Desincrustamos cada línea hasta la pared del tubo, la secamos y luego aplicamos un epóxico de dos componentes en capas parejas a través de los registros de limpieza existentes y las salidas de los muebles sanitarios. El epóxico rellena las picaduras y se cura en una barrera lisa y sin uniones entre sus aguas residuales y el metal viejo.',
      'En la mayoría de las casas los trabajos toman 4–6 horas, y una tubería recubierta gana 20–30 años de servicio. Cuando un tubo está agrietado de lado a lado o se está colapsando, el recubrimiento no es la solución correcta, y se lo diremos.',
    ],
  },
  process: {
    title: 'Nuestro proceso de recubrimiento en cinco pasos',
    steps: [
      {
        id: 'inspection',
        title: 'Inspección con cámara',
        detail:
          'Revisamos con cámara cada línea que se va a recubrir y confirmamos que esté lo bastante firme para el epóxico. Si no lo está, se lo decimos y le recomendamos revestimiento o reemplazo.',
      },
      {
        id: 'access',
        title: 'Acceso y protección',
        detail:
          'Abrimos las líneas en los registros de limpieza y en los desagües de los muebles sanitarios, y cubrimos los pisos y los muebles donde trabajamos. No se corta ninguna pared.',
      },
      {
        id: 'descale',
        title: 'Desincrustado y secado',
        detail:
          'La limpieza mecánica quita el óxido, el sarro y los residuos hasta la pared del tubo; luego se seca la línea para que el epóxico se adhiera.',
      },
      {
        id: 'coat',
        title: 'Aplicación del epóxico',
        detail:
          'Se aplica un epóxico de dos componentes en capas parejas que rellenan las picaduras y cubren toda la circunferencia del tubo.',
      },
      {
        id: 'cure-check',
        title: 'Curado y revisión con cámara',
        detail:
          'Una vez curado el epóxico, la cámara vuelve a pasar, se reconectan los muebles sanitarios y sus drenajes vuelven a funcionar.',
      },
    ],
  },
  benefits: {
    title: 'Por qué recubrir en lugar de reemplazar',
    cards: [
      {
        id: 'walls',
        title: 'Paredes y pisos sin abrir',
        text: 'Trabajamos por las aberturas que ya existen: sin demoler drywall, azulejo ni gabinetes, y sin resanar ni pintar después.',
      },
      {
        id: 'pinholes',
        title: 'Sella las fugas por picadura',
        text: 'El epóxico rellena los agujeros pequeños y cubre toda la pared del tubo, separando las aguas residuales del metal que se corroe.',
      },
      {
        id: 'one-day',
        title: 'Listo en un día',
        text: 'Los trabajos toman 4–6 horas, así que en la mayoría de las casas los drenajes vuelven a funcionar esa misma noche.',
      },
      {
        id: 'life',
        title: 'Suma 20–30 años',
        text: 'El epóxico alarga la vida de la tubería 20–30 años en líneas corroídas pero todavía estructuralmente firmes.',
      },
    ],
  },
  suitability: {
    title: '¿El recubrimiento epóxico es adecuado para sus tuberías?',
    intro:
      'El epóxico es la solución correcta para algunas tuberías y la equivocada para otras. La inspección con cámara lo decide; esto es lo que revisamos.',
    perfectFor: {
      title: 'Ideal para',
      items: [
        'Fugas por picadura en ramales de drenaje de hierro fundido',
        'Corrosión y sarro en líneas de drenaje y ventilación de 1½ a 4 pulgadas',
        'Líneas dentro de paredes y bajo losas con varias curvas',
        'Tuberías corroídas pero todavía estructuralmente firmes',
        'Casas donde abrir paredes terminadas, azulejo o gabinetes saldría caro',
      ],
    },
    notSuitableFor: {
      title: 'No es adecuado para',
      items: [
        'Tubería colapsada, aplastada o aplanada',
        'Tubería Orangeburg (papel alquitranado)',
        'Grietas que atraviesan la pared del tubo',
        'Secciones de tubería faltantes o agujeros grandes',
        'Uniones separadas o desalineadas y secciones hundidas',
        'Intrusión de raíces en líneas de drenaje de barro',
      ],
    },
    alternatives: {
      label: 'Mejores soluciones para estos problemas:',
      links: [
        { to: '/services/cipp-lining', label: 'Revestimiento de tuberías CIPP' },
        { to: '/services/pipe-bursting', label: 'Estallido de tubería' },
      ],
    },
  },
  priceTiers: {
    title: 'Recubrimiento epóxico, revestimiento o reemplazo: costo relativo',
    intro:
      'El costo relativo va de $ (el más bajo) a $$$ (el más alto). Su precio real depende de la longitud, el diámetro, el acceso y el estado de sus tuberías, y se cotiza por escrito después de la inspección con cámara.',
    caption:
      'Comparación del recubrimiento epóxico, el revestimiento CIPP y el método de excavar y reemplazar por costo relativo y alcance',
    rowHeader: 'Aspecto',
    columns: ['Recubrimiento epóxico', 'Revestimiento CIPP', 'Excavar y reemplazar'],
    rows: [
      {
        label: 'Costo relativo',
        cells: [
          { shown: '$', spoken: 'Costo relativo más bajo' },
          { shown: '$$', spoken: 'Costo relativo intermedio' },
          { shown: '$$$', spoken: 'Costo relativo más alto' },
        ],
      },
      {
        label: 'Ideal para',
        cells: [
          'Ramales de drenaje y ventilación corroídos pero firmes',
          'Líneas de drenaje agrietadas, dañadas por raíces o corroídas',
          'Líneas a las que hay que cambiar el recorrido o la pendiente',
        ],
      },
      { label: 'Tiempo típico del trabajo', cells: ['4–6 horas', '4–8 horas en trabajos del mismo día', '1-2 semanas'] },
      {
        label: 'Vida que se gana',
        cells: ['Alarga la vida de la tubería 20–30 años', 'Vida útil del revestimiento de más de 50 años', 'Una tubería nueva'],
      },
      { label: 'Paredes, pisos y patio', cells: ['Se quedan como están', 'Se quedan como están', 'Se abren y luego se reconstruyen'] },
    ],
    note: 'La reparación sin zanja cuesta 30–50% menos que el reemplazo. Los niveles comparan las opciones entre sí; no son precios.',
  },
  cta: {
    title: 'Vea lo que hay dentro de sus paredes',
    text: 'Una inspección con cámara gratis muestra si sus líneas de drenaje se pueden recubrir o necesitan algo más resistente, y usted recibe la cotización por escrito el mismo día.',
    points: ['Inspección con cámara gratis con cualquier cotización', 'Servicio el mismo día, los 7 días de la semana'],
    scheduleLabel: SCHEDULE,
    relatedLabel: RELATED,
  },
  contactTitle: 'Programe su evaluación gratis de recubrimiento epóxico',
};

export const drainInspectionsPage: DrainInspectionsPage = {
  path: '/services/drain-inspections',
  seo: {
    title: 'Inspecciones de drenaje y alcantarillado con cámara',
    description:
      'Inspección con cámara HD de drenajes en casas del Valle de Phoenix: grietas, raíces, corrosión y tubos colapsados. Inspección gratis con cualquier cotización.',
  },
  hero: {
    eyebrow: 'Inspección de drenaje con cámara',
    title: 'Inspecciones de drenaje y alcantarillado con cámara',
    lead:
      'Vea exactamente qué le pasa a su línea de drenaje o de alcantarillado antes de que alguien le cotice una reparación. Una cámara de alta definición recorre la tubería de punta a punta mientras usted observa, y usted se queda con la grabación.',
    highlights: [
      'Inspección con cámara gratis con cualquier cotización',
      'Inspección gratis para casas en zonas de alto riesgo',
      'Servicio el mismo día, los 7 días de la semana',
      'Respuesta en menos de 24 horas',
    ],
    scheduleLabel: SCHEDULE,
  },
  reveals: {
    title: 'Lo que revela una inspección con cámara',
    intro:
      'Desde dentro de la casa, la mayoría de los problemas de drenaje se parecen: drenajes lentos, gorgoteos, mal olor, aguas negras que se regresan. La cámara muestra la causa.',
    cards: [
      {
        id: 'cracks',
        title: 'Grietas y roturas',
        text: 'Grietas finas, fracturas y secciones rotas, con su distancia desde el registro de limpieza para poder calcular el tamaño de la reparación.',
      },
      {
        id: 'roots',
        title: 'Intrusión de raíces',
        text: 'Raíces que entran por las uniones y las grietas, desde raicillas finas como cabello hasta masas que llenan el tubo.',
      },
      {
        id: 'corrosion',
        title: 'Corrosión y sarro',
        text: 'Corrosión en canal a lo largo del fondo del hierro fundido, y sarro de agua dura y grasa que estrechan la línea.',
      },
      {
        id: 'bellies',
        title: 'Hundimientos y panzas',
        text: 'Puntos bajos donde el tubo se ha asentado y los desechos se quedan en agua estancada en lugar de desaguar.',
      },
      {
        id: 'joints',
        title: 'Uniones desalineadas y separadas',
        text: 'Uniones que se movieron con el suelo y atoran papel y residuos cada vez que se baja el agua del inodoro.',
      },
      {
        id: 'collapse',
        title: 'Tubería colapsada o deformada',
        text: 'Orangeburg aplanado y secciones aplastadas que ninguna limpieza va a arreglar.',
      },
    ],
  },
  process: {
    title: 'Nuestro proceso de inspección en cinco pasos',
    steps: [
      {
        id: 'call',
        title: 'Cuéntenos el problema',
        detail:
          'Llame o envíe el formulario. Le preguntamos por los síntomas, la edad de la casa y las reparaciones anteriores, y le respondemos en menos de 24 horas.',
      },
      {
        id: 'access',
        title: 'Encontramos un punto de acceso',
        detail:
          'Metemos la cámara por un registro de limpieza existente, o por la brida del inodoro o un tubo de ventilación del techo cuando no hay registro.',
      },
      {
        id: 'camera',
        title: 'Pasamos la cámara HD',
        detail:
          'El cabezal de la cámara recorre la línea hasta la conexión con la ciudad mientras usted ve la imagen en vivo en el monitor.',
      },
      {
        id: 'locate',
        title: 'Localizamos cada problema',
        detail:
          'Un transmisor en el cabezal de la cámara nos permite marcar en el suelo, justo encima, la profundidad y la posición de cada defecto.',
      },
      {
        id: 'review',
        title: 'Revisamos las imágenes y la cotización',
        detail:
          'Repasamos la grabación con usted, le explicamos las opciones, desde la limpieza hasta el revestimiento, y le damos una cotización por escrito el mismo día. Usted se queda con el video.',
      },
    ],
  },
  whenToGet: {
    title: 'Cuándo conviene una inspección con cámara',
    intro:
      'Una inspección con cámara vale la pena siempre que un drenaje se vuelve a tapar, y antes de gastar dinero en la línea o cerca de ella.',
    items: [
      'Drenajes que se vuelven a tapar a las pocas semanas de destaparlos',
      'Drenajes lentos, inodoros que gorgotean o agua que se regresa a la tina o la regadera',
      'Olor a drenaje dentro de la casa o en el patio',
      'Comprar una casa construida antes de 1980',
      'Antes de remodelar la cocina o el baño, o de agregar un baño',
      'Árboles grandes creciendo cerca de la línea de drenaje',
      'Zonas encharcadas o demasiado verdes, o pequeños hundimientos encima de la línea',
      'Después de un regreso de aguas negras, para saber por qué pasó',
    ],
  },
  localIssues: {
    title: 'Problemas de tubería comunes en las casas del Valle de Phoenix',
    intro:
      'El año en que se construyó su casa dice mucho de lo que hay debajo. Estas son las tuberías y las condiciones locales que encontramos con más frecuencia.',
    eras: pipeEras,
    yearsLabel: 'Casas construidas:',
    factors: [
      {
        id: 'caliche',
        title: 'Caliche y suelo que se mueve',
        text: 'La capa cementada de caliche que hay bajo gran parte del Valle, y los suelos arcillosos que se hinchan después de las tormentas del monzón y se encogen en los meses secos, fuerzan las uniones de la tubería y pueden dejar hundimientos en la línea.',
      },
      {
        id: 'hard-water',
        title: 'Agua dura',
        text: 'El agua de la llave en el Valle es muy dura. El sarro mineral se acumula dentro de los drenajes de hierro fundido, los estrecha y acelera la corrosión.',
      },
    ],
  },
  cta: {
    title: 'Inspección con cámara gratis con cualquier cotización',
    text: 'Toda cotización incluye una inspección con cámara sin costo, y las casas en zonas de alto riesgo, donde son comunes las líneas de hierro fundido, Orangeburg y barro, también reciben una inspección gratis.',
    points: [
      'Inspección con cámara gratis con cualquier cotización',
      'Inspección gratis para casas en zonas de alto riesgo',
      'Usted se queda con el video',
    ],
    scheduleLabel: SCHEDULE,
    link: { to: '/risk-map', label: 'Consulte su vecindario en el mapa de riesgo de tuberías' },
    relatedLabel: RELATED,
  },
  contactTitle: 'Programe su inspección de drenaje con cámara gratis',
};

/** The four pages, in the navigation's order. */
export const servicePages = [cippLiningPage, pipeBurstingPage, epoxyCoatingPage, drainInspectionsPage] as const;
