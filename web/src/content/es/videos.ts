// Spanish edition of content/videos.ts (issue 40): the home page's eight
// showcase videos and the two single videos. Video ids, durations, locations
// and build years are the English ones; the videos themselves are not dubbed,
// only their titles and descriptions are translated.
import type { Video, VideoRef } from '../videos';

export const videos: readonly Video[] = [
  {
    id: 'arcadia-cast-iron-lining',
    title: 'Línea principal de hierro fundido en Arcadia revestida en un día',
    description:
      'Imágenes de cámara antes y después de revestir una línea principal de hierro fundido de 70 pies bajo una casa estilo rancho de 1958.',
    duration: '4:12',
    location: 'Arcadia, Phoenix',
    yearBuilt: 1958,
    problem: 'Corrosión en canal a lo largo del fondo del tubo y tres regresos de aguas negras en un año.',
    solution: 'Revestimiento CIPP de largo completo curado con luz azul en unas seis horas.',
    tags: ['Revestimiento CIPP', 'Hierro fundido', 'Phoenix'],
    videoId: 'aX7kQm2Lp9c',
  },
  {
    id: 'villa-monterey-orangeburg',
    title: 'Línea Orangeburg colapsada en Villa Monterey',
    description:
      'Una línea lateral de drenaje de papel alquitranado, aplastada, reemplazada por estallido de tubería a través de dos fosas pequeñas.',
    duration: '5:38',
    location: 'Villa Monterey, Scottsdale',
    yearBuilt: 1963,
    problem: 'La línea lateral de Orangeburg se colapsó bajo la entrada de autos; la cámara no podía pasar.',
    solution: 'Estallido de tubería con tubería nueva de HDPE desde dos fosas de acceso de 3 × 3 pies.',
    tags: ['Estallido de tubería', 'Orangeburg', 'Scottsdale'],
    videoId: 'Rb3vN8tYw1E',
  },
  {
    id: 'maple-ash-clay-roots',
    title: 'Línea lateral de barro llena de raíces en Maple-Ash',
    description:
      'Hidrolimpieza para sacar las raíces de una línea de barro de la década de 1920 y luego revestirla para que no vuelvan a crecer.',
    duration: '3:47',
    location: 'Maple-Ash, Tempe',
    yearBuilt: 1928,
    problem: 'Raíces de ficus llenando la línea en cada unión del barro.',
    solution: 'Hidrolimpieza hasta dejar el tubo limpio y luego un revestimiento CIPP sin uniones por donde entren raíces.',
    tags: ['Hidrolimpieza', 'Barro', 'Raíces', 'Tempe'],
    videoId: 'kP4dW6zHs0Q',
  },
  {
    id: 'dobson-ranch-epoxy',
    title: 'Recubrimiento epóxico contra fugas por picadura en Dobson Ranch',
    description:
      'Restauración de ramales de drenaje corroídos dentro de las paredes de una casa de 1979 sin abrir el drywall.',
    duration: '6:05',
    location: 'Dobson Ranch, Mesa',
    yearBuilt: 1979,
    problem: 'Fugas por picadura en ramales de hierro fundido de 2 pulgadas detrás de la cocina.',
    solution: 'Ramales limpiados y recubiertos con epóxico, terminados en unas cinco horas.',
    tags: ['Recubrimiento epóxico', 'Hierro fundido', 'Mesa'],
    videoId: 'Zt2mC9vJq5U',
  },
  {
    id: 'willo-camera-inspection',
    title: 'Lo que encuentra una cámara de drenaje bajo una casa de la década de 1930',
    description: 'Una inspección completa con cámara en el distrito Willo, explicada cuadro por cuadro.',
    duration: '7:21',
    location: 'Willo, Phoenix',
    yearBuilt: 1931,
    problem: 'Drenajes lentos y olor a drenaje en el patio.',
    solution:
      'La inspección con cámara y la localización encontraron una unión de barro agrietada a 42 pies; se instaló un revestimiento seccional.',
    tags: ['Inspección con cámara', 'Barro', 'Phoenix'],
    videoId: 'Hc8rL1nXe3Y',
  },
  {
    id: 'broadmor-slab-leak',
    title: 'Hierro fundido bajo la losa revestido sin martillos neumáticos',
    description: 'Revestimiento del drenaje bajo una losa terminada en Tempe en lugar de romper los pisos.',
    duration: '4:56',
    location: 'Broadmor, Tempe',
    yearBuilt: 1961,
    problem: 'Hierro fundido agrietado bajo la losa, con agua saliendo por los zoclos.',
    solution: 'Revestimiento CIPP a través de un registro de limpieza existente; sin quitar pisos ni gabinetes.',
    tags: ['Revestimiento CIPP', 'Losa', 'Tempe'],
    videoId: 'mQ5sT7bKd2A',
  },
  {
    id: 'catlin-court-spot-repair',
    title: 'Una unión desalineada, una reparación puntual',
    description: 'Un solo revestimiento seccional arregla una unión desplazada en un bungalow histórico de Glendale.',
    duration: '2:58',
    location: 'Catlin Court, Glendale',
    yearBuilt: 1925,
    problem: 'Una sola unión de barro desalineada que atoraba el papel y causaba tapones una y otra vez.',
    solution: 'Una reparación puntual seccional de 4 pies, verificada con cámara esa misma tarde.',
    tags: ['Reparación puntual', 'Barro', 'Glendale'],
    videoId: 'Vw9eF3gRy7M',
  },
  {
    id: 'old-town-peoria-jetting',
    title: 'Grasa y sarro eliminados en Old Town Peoria',
    description:
      'Hidrolimpieza de décadas de sarro en una línea principal de hierro fundido antes de decidir si revestirla.',
    duration: '3:34',
    location: 'Old Town Peoria, Peoria',
    yearBuilt: 1966,
    problem: 'Sarro que reducía el tubo a la mitad de su tamaño y un inodoro que gorgoteaba.',
    solution:
      'La hidrolimpieza restableció el flujo; una revisión de seguimiento con cámara confirmó que el tubo estaba en condiciones de esperar.',
    tags: ['Hidrolimpieza', 'Hierro fundido', 'Peoria'],
    videoId: 'Ln6yB0pXc4G',
  },
];

/** The process section's video: the four steps on one job. */
export const processVideo: VideoRef = {
  videoId: 'Qe1uD5hWz8K',
  title: 'Revestimiento CIPP con luz azul, de principio a fin',
  duration: '5:14',
};

/** The testimonials section's video: homeowners describe their repair. */
export const testimonialVideo: VideoRef = {
  videoId: 'Ty4nJ2cRv6S',
  title: 'Propietarios del Valle hablan de su reparación sin zanja',
  duration: '3:09',
};
