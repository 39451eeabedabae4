// The home page's before/after project (SPEC §2 item 5).

export type FeaturedProject = {
  title: string;
  location: string;
  yearBuilt: number;
  before: { summary: string; points: readonly string[] };
  after: { summary: string; points: readonly string[] };
  /** The outcome in one line (time, digging, cost). */
  result: string;
};

export const featuredProject: FeaturedProject = {
  title: 'Cast iron main under a 1958 ranch home',
  location: 'Arcadia, Phoenix',
  yearBuilt: 1958,
  before: {
    summary: 'Three sewage backups in twelve months and a quote to jackhammer the slab.',
    points: [
      'Channel rot along 68 feet of 4-inch cast iron under the slab',
      'Roots entering at the cleanout and two cracked joints',
      'Dig-and-replace meant moving the family out for two weeks',
    ],
  },
  after: {
    summary: 'A seamless CIPP liner cured with blue light, finished the same day.',
    points: [
      'Lined end to end through the existing cleanout in about 7 hours',
      'No floors, cabinets or landscaping disturbed',
      'Lifetime warranty on the lining install; liner rated for 50+ years',
    ],
  },
  result: 'Back in service the same evening, for about 40% less than the dig-and-replace quote.',
};
