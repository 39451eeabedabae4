// Spanish edition of content/projects.ts (issue 40): the home page's
// before/after project. Same location, year and figures as the English one.
import type { FeaturedProject } from '../projects';

export const featuredProject: FeaturedProject = {
  title: 'Línea principal de hierro fundido bajo una casa estilo rancho de 1958',
  location: 'Arcadia, Phoenix',
  yearBuilt: 1958,
  before: {
    summary: 'Tres regresos de aguas negras en doce meses y una cotización para romper la losa con martillo neumático.',
    points: [
      'Corrosión en canal a lo largo de 68 pies de hierro fundido de 4 pulgadas bajo la losa',
      'Raíces entrando por el registro de limpieza y dos uniones agrietadas',
      'Excavar y reemplazar significaba que la familia tendría que salir de la casa por dos semanas',
    ],
  },
  after: {
    summary: 'Un revestimiento CIPP sin uniones, curado con luz azul y terminado el mismo día.',
    points: [
      'Se revistió de punta a punta a través del registro de limpieza existente en unas 7 horas',
      'Sin tocar pisos, gabinetes ni jardinería',
      'Garantía de por vida en la instalación del revestimiento; revestimiento con vida útil de más de 50 años',
    ],
  },
  result: 'De vuelta en servicio esa misma noche, por alrededor de 40% menos que la cotización de excavar y reemplazar.',
};
