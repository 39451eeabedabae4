// Spanish edition of content/stats.ts (issue 40): the three headline stats of
// the testimonials section and the rating badge. Same figures and ids.
import type { HeadlineStat } from '../stats';

export const headlineStats: readonly HeadlineStat[] = [
  { id: 'cipp-fix-rate', value: '90%', label: 'de los problemas de tubería se reparan con revestimiento CIPP' },
  { id: 'savings', value: '30–50%', label: 'menos que excavar y reemplazar' },
  { id: 'liner-life', value: '50+ años', label: 'de vida útil esperada de un revestimiento curado' },
];

/** The trust badge's rating: every review quoted on the site is five stars. */
export const ratingBadge = {
  score: 5,
  outOf: 5,
  label: 'Calificación de 5 estrellas de propietarios del Valle',
} as const;
