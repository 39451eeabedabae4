// Spanish edition of content/testimonials.ts (issue 40): the home page's six
// reviews, translated faithfully (they are shown as translations of what the
// reviewers wrote). Names, locations, initials, ids and ratings are unchanged.
import type { Testimonial } from '../testimonials';

export const testimonials: readonly Testimonial[] = [
  {
    id: 'maria-arcadia',
    rating: 5,
    text: 'Dos plomeros nos dijeron que la única solución era levantar los pisos. Ellos nos enseñaron el video de la cámara, revistieron toda la línea principal en un día y nunca tocaron nuestra cocina.',
    name: 'Maria G.',
    location: 'Arcadia, Phoenix',
    initial: 'M',
  },
  {
    id: 'dave-scottsdale',
    rating: 5,
    text: 'Nuestra casa de 1963 todavía tenía Orangeburg hasta la calle. Nos explicaron cada opción, metieron una línea nueva por estallido a través de dos hoyos pequeños y dejaron el patio más limpio de lo que lo encontraron.',
    name: 'Dave R.',
    location: 'Villa Monterey, Scottsdale',
    initial: 'D',
  },
  {
    id: 'linda-tempe',
    rating: 5,
    text: 'Servicio el mismo día, un sábado, cuando se nos regresaron los drenajes. Precio honesto, sin presiones, y la inspección gratis con cámara mostró exactamente dónde estaban las raíces.',
    name: 'Linda K.',
    location: 'Tempe',
    initial: 'L',
  },
  {
    id: 'james-mesa',
    rating: 5,
    text: 'El recubrimiento epóxico detuvo las fugas por picadura detrás de la pared de la cocina sin un solo hoyo en el drywall. El equipo llegó a tiempo y después nos explicó el video paso a paso.',
    name: 'James T.',
    location: 'Dobson Ranch, Mesa',
    initial: 'J',
  },
  {
    id: 'priya-chandler',
    rating: 5,
    text: 'Tres vecinos de nuestra calle hicimos la cita juntos y todos recibimos el descuento de grupo. Las líneas de todos quedaron limpias y revestidas en esa misma semana.',
    name: 'Priya S.',
    location: 'Chandler',
    initial: 'P',
  },
  {
    id: 'tom-glendale',
    rating: 5,
    text: 'Un negocio familiar que lo trata a uno como familia. Arreglaron una sola unión mala en lugar de vendernos una línea de drenaje completa nueva, y nos dijeron sin rodeos qué podía esperar.',
    name: 'Tom W.',
    location: 'Catlin Court, Glendale',
    initial: 'T',
  },
];
