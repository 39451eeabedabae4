// Spanish edition of content/resources.ts (issue 40): the resources page's
// articles and FAQs. Ids (post slugs), categories, read times and dates are the
// English ones; titles, excerpts, questions and answers are translated.
//
// Not copied here (functions stay in the English module):
// - articlePublishedAt(date): language-neutral, use '../resources'.
//
// ARTICLE_CATEGORIES holds the same values as the English list: they are the
// stored category values of the posts (ArticleCategory), not display text. When
// a category is shown to a reader on an /es/ page, these are its Spanish names:
//   'Technology'     → 'Tecnología'
//   'Maintenance'    → 'Mantenimiento'
//   'Cost Guide'     → 'Guía de costos'
//   'Pipe Types'     → 'Tipos de tubería'
//   'Prevention'     → 'Prevención'
//   'Seasonal'       → 'De temporada'
//   'Legal & Safety' → 'Legal y seguridad'
import type { ArticleCategory, ResourceArticle, ResourceFaq } from '../resources';

/** The category values, identical to the English module's (they are data keys, see above). */
export const ARTICLE_CATEGORIES: readonly ArticleCategory[] = [
  'Technology',
  'Maintenance',
  'Cost Guide',
  'Pipe Types',
  'Prevention',
  'Seasonal',
  'Legal & Safety',
];

/** Newest first. */
export const resourceArticles: readonly ResourceArticle[] = [
  {
    id: 'drain-camera-inspection-guide',
    title: 'Qué muestra una inspección de drenaje con cámara y cómo leer el reporte',
    excerpt:
      'Una inspección de drenaje con cámara cambia las suposiciones por pruebas en video. Conozca cómo funciona la inspección, qué problemas revela y cómo interpretar la distancia en pies, las posiciones de reloj y las notas de defectos.',
    category: 'Technology',
    readTimeMinutes: 5,
    date: '2026-11-10',
  },
  {
    id: 'sewer-lateral-ownership-permits',
    title: '¿Quién es dueño de la línea lateral de drenaje? Responsabilidad y permisos en las ciudades del área de Phoenix',
    excerpt:
      'Su ciudad es dueña de la línea principal de alcantarillado, pero la tubería que va de su casa hasta ella por lo general es responsabilidad suya. Así funcionan, en general, la propiedad, los permisos y el marcado de servicios públicos en todo el Valle.',
    category: 'Legal & Safety',
    readTimeMinutes: 5,
    date: '2026-09-24',
  },
  {
    id: 'pipe-lifespan-by-material',
    title: 'Vida útil de las tuberías de drenaje y alcantarillado del Valle según el material',
    excerpt:
      'El hierro fundido, el barro, el Orangeburg, el ABS, el PVC, el galvanizado y los revestimientos CIPP envejecen de manera distinta. Vea la vida útil típica de cada uno, cómo les afectan las condiciones del Valle y cómo saber cuál tiene su casa.',
    category: 'Maintenance',
    readTimeMinutes: 5,
    date: '2026-08-13',
  },
  {
    id: 'trenchless-vs-traditional-cost-guide',
    title: 'Guía de costos de reparación de drenaje: revestimiento contra excavar y reemplazar',
    excerpt:
      '¿Cuánto cuesta reparar una línea de drenaje en el Valle de Phoenix? Rangos de precio típicos del revestimiento, el estallido de tubería y el método de excavar y reemplazar, qué hace subir o bajar el precio y qué preguntar antes de firmar.',
    category: 'Cost Guide',
    readTimeMinutes: 5,
    date: '2026-07-23',
  },
  {
    id: 'warning-signs-sewer-line-failure',
    title: 'Señales de falla en la línea de drenaje que todo propietario del Valle debe conocer',
    excerpt:
      'Drenajes lentos, inodoros que gorgotean y una parte del jardín sospechosamente verde pueden indicar una línea de drenaje que está fallando. Esto es lo que significa cada señal y qué hacer antes de que las aguas negras se regresen.',
    category: 'Maintenance',
    readTimeMinutes: 5,
    date: '2026-07-02',
  },
  {
    id: 'monsoon-season-drain-care',
    title: 'Cuidado del drenaje durante el monzón y el calor del verano en casas del área de Phoenix',
    excerpt:
      'El verano en el Valle es duro para los drenajes. Con el calor, las raíces buscan agua, y luego las tormentas del monzón inundan los patios en minutos. Una lista práctica para que su línea de drenaje fluya bien toda la temporada.',
    category: 'Seasonal',
    readTimeMinutes: 5,
    date: '2026-06-18',
  },
  {
    id: 'clay-pipe-root-intrusion',
    title: 'Tubería de drenaje de barro e intrusión de raíces en los vecindarios antiguos del Valle',
    excerpt:
      'Muchas casas históricas del centro de Phoenix todavía tienen líneas de drenaje de barro, y a los árboles maduros les encantan sus uniones. Conozca por qué entran las raíces, qué gana realmente con cortarlas seguido y cuáles son sus opciones.',
    category: 'Pipe Types',
    readTimeMinutes: 5,
    date: '2026-06-09',
  },
  {
    id: 'orangeburg-pipe-guide',
    title: 'Cómo saber si tiene tubería Orangeburg y qué hacer al respecto',
    excerpt:
      'Algunas casas del Valle construidas entre 1945 y 1972 todavía tienen tubería de drenaje Orangeburg, un material de fibra y alquitrán que se ablanda y se colapsa con los años. Así puede identificarla y repararla.',
    category: 'Pipe Types',
    readTimeMinutes: 5,
    date: '2026-05-21',
  },
  {
    id: 'cipp-pipe-lining-explained',
    title: 'Cómo funciona el revestimiento de tuberías CIPP con curado por luz azul',
    excerpt:
      'El revestimiento de tubería curada en sitio (CIPP) crea una tubería nueva dentro de la vieja sin excavar el patio. Así funciona el curado con luz azul, paso a paso, y para quién es adecuado.',
    category: 'Technology',
    readTimeMinutes: 5,
    date: '2026-05-04',
  },
];

export const resourceFaqs: readonly ResourceFaq[] = [
  {
    id: 'lateral-ownership',
    question: '¿Quién es dueño de la línea de drenaje entre mi casa y la calle?',
    answer:
      'En las ciudades del área de Phoenix, la ciudad o la empresa de aguas residuales es dueña de la línea principal de alcantarillado, y el propietario por lo general es responsable de la línea lateral: la tubería que va de la casa a la línea principal. Muchas ciudades del Valle lo hacen a usted responsable hasta la conexión con la línea principal, aun debajo de la banqueta o de la calle; otras se hacen cargo desde el límite de la propiedad o desde un registro de limpieza. El departamento de agua o de aguas residuales de su ciudad le puede decir dónde termina su parte en su domicilio, y una inspección con cámara con localizador muestra de qué lado de ese límite está el problema.',
    articleId: 'sewer-lateral-ownership-permits',
  },
  {
    id: 'lining-life',
    question: '¿Cuánto dura un revestimiento de tubería?',
    answer:
      'Un revestimiento curado en sitio tiene una vida útil de más de 50 años: es una tubería nueva sin uniones por donde puedan entrar las raíces. Eso se refiere al revestimiento. Aparte, damos una garantía de por vida en las instalaciones de revestimiento, con los términos por escrito en su cotización.',
    articleId: 'cipp-pipe-lining-explained',
  },
  {
    id: 'insurance',
    question: '¿El seguro de casa paga la reparación de la línea de drenaje?',
    answer:
      'Muchas veces no paga la tubería en sí. Muchas pólizas comunes de casa excluyen el desgaste, la corrosión y los daños por raíces, aunque algunas cubren daños repentinos u ofrecen una cobertura opcional por regreso de aguas negras para la limpieza después de un desborde. Lea su póliza, llame a su agente y revise si tiene un plan de protección de líneas de servicio por separado. Le damos el video de la inspección y una cotización por escrito para que se los envíe, y de cualquier manera la reparación sin zanja cuesta 30–50% menos que excavar y reemplazar.',
    articleId: 'trenchless-vs-traditional-cost-guide',
  },
  {
    id: 'orangeburg',
    question: '¿Cómo puedo saber si mi casa tiene tubería Orangeburg?',
    answer:
      'Empiece por la edad de su casa: algunas casas del Valle construidas entre 1945 y 1972 la tienen; las construidas después de mediados de la década de 1970 casi nunca. Donde la tubería se ve en el registro de limpieza, el Orangeburg se ve negro opaco, como alquitrán, a veces descarapelado. Pero muchas líneas cambian de hierro fundido a Orangeburg unos pies después de entrar al patio, así que una inspección con cámara es la única forma confiable de saberlo: muestra el tubo redondo que se vuelve ovalado, las paredes ampolladas y las raíces que crecen a través de la pared.',
    articleId: 'orangeburg-pipe-guide',
  },
  {
    id: 'camera-cost',
    question: '¿Cuánto cuesta una inspección de drenaje con cámara?',
    answer:
      'Nada cuando pide una cotización: incluimos una inspección con cámara gratis con cualquier cotización, y las casas en zonas de alto riesgo también califican para una inspección gratis. Una inspección residencial típica toma menos de una hora, usted ve las imágenes junto con el técnico y se queda con el video grabado.',
    articleId: 'drain-camera-inspection-guide',
  },
];
