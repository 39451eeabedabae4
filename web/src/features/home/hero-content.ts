/** Keys of the staff-editable hero text, and the text shown until (or unless) it loads. */
export const HERO_CONTENT = {
  title: { key: 'hero.title', fallback: 'Trenchless Drain & Sewer Repair Across the Phoenix Valley' },
  subtitle: {
    key: 'hero.subtitle',
    fallback:
      'CIPP pipe lining, pipe bursting and epoxy coating fix failing drain and sewer lines without digging up your yard, floors or driveway. Most repairs are finished the same day.',
  },
} as const;
