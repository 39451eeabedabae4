// The three headline stats of the testimonials section and the rating badge
// (SPEC §1 claims; the figures here are those claims, not new ones).

export type HeadlineStat = { id: string; value: string; label: string };

export const headlineStats: readonly HeadlineStat[] = [
  { id: 'cipp-fix-rate', value: '90%', label: 'of pipe problems repaired with CIPP lining' },
  { id: 'savings', value: '30–50%', label: 'less than dig-and-replace' },
  { id: 'liner-life', value: '50+ yrs', label: 'expected life of a cured liner' },
];

/** The trust badge's rating: every review quoted on the site is five stars. */
export const ratingBadge = { score: 5, outOf: 5, label: '5-Star Rated by Valley Homeowners' } as const;
