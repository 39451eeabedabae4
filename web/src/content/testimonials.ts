// The home page's six reviews (SPEC §2 item 8, §3 "Testimonial"), all five stars.

export type Testimonial = {
  id: string;
  rating: 5;
  text: string;
  name: string;
  /** Neighbourhood or city, as the reviewer gave it. */
  location: string;
  /** Shown in the avatar circle. */
  initial: string;
};

export const testimonials: readonly Testimonial[] = [
  {
    id: 'maria-arcadia',
    rating: 5,
    text: 'Two plumbers told us the only fix was tearing up our floors. They showed us the camera footage, lined the whole main in one day, and our kitchen never got touched.',
    name: 'Maria G.',
    location: 'Arcadia, Phoenix',
    initial: 'M',
  },
  {
    id: 'dave-scottsdale',
    rating: 5,
    text: 'Our 1963 house still had Orangeburg to the street. They explained every option, burst in a new line through two small holes, and left the yard cleaner than they found it.',
    name: 'Dave R.',
    location: 'Villa Monterey, Scottsdale',
    initial: 'D',
  },
  {
    id: 'linda-tempe',
    rating: 5,
    text: 'Same-day service on a Saturday when our drains backed up. Honest price, no pressure, and the free camera inspection showed exactly where the roots were.',
    name: 'Linda K.',
    location: 'Tempe',
    initial: 'L',
  },
  {
    id: 'james-mesa',
    rating: 5,
    text: 'The epoxy coating stopped the pinhole leaks behind our kitchen wall without a single hole in the drywall. Crew was on time and walked us through the video afterwards.',
    name: 'James T.',
    location: 'Dobson Ranch, Mesa',
    initial: 'J',
  },
  {
    id: 'priya-chandler',
    rating: 5,
    text: 'Three neighbors on our street booked together and we all got the group discount. Everyone’s lines were cleared and lined within the week.',
    name: 'Priya S.',
    location: 'Chandler',
    initial: 'P',
  },
  {
    id: 'tom-glendale',
    rating: 5,
    text: 'Family business that treats you like family. They fixed one bad joint instead of selling us a whole new sewer line, and told us straight what could wait.',
    name: 'Tom W.',
    location: 'Catlin Court, Glendale',
    initial: 'T',
  },
];
