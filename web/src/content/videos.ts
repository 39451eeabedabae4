// The home page's video showcase (SPEC §2 item 9: exactly 8) and the two
// single videos of the process and testimonials sections. Videos play from
// YouTube's privacy-enhanced host only after a visitor presses play.

/** What a player needs: the YouTube id (11 characters), a title and a length "m:ss". */
export type VideoRef = { videoId: string; title: string; duration: string };

export type Video = VideoRef & {
  id: string;
  description: string;
  /** Neighbourhood and city of the job. */
  location: string;
  /** The year the home was built. */
  yearBuilt: number;
  problem: string;
  solution: string;
  tags: readonly string[];
};

export const videos: readonly Video[] = [
  {
    id: 'arcadia-cast-iron-lining',
    title: 'Arcadia Cast Iron Main Lined in One Day',
    description: 'Camera footage before and after lining a 70-foot cast iron main under a 1958 ranch home.',
    duration: '4:12',
    location: 'Arcadia, Phoenix',
    yearBuilt: 1958,
    problem: 'Channel rot along the bottom of the pipe and three backups in a year.',
    solution: 'Full-length CIPP liner cured with blue light in about six hours.',
    tags: ['CIPP lining', 'Cast iron', 'Phoenix'],
    videoId: 'aX7kQm2Lp9c',
  },
  {
    id: 'villa-monterey-orangeburg',
    title: 'Collapsed Orangeburg Line in Villa Monterey',
    description: 'A flattened tar-paper sewer lateral replaced by pipe bursting through two small pits.',
    duration: '5:38',
    location: 'Villa Monterey, Scottsdale',
    yearBuilt: 1963,
    problem: 'Orangeburg lateral collapsed under the driveway; the camera could not pass.',
    solution: 'Pipe bursting with new HDPE pipe from two 3 × 3 foot access pits.',
    tags: ['Pipe bursting', 'Orangeburg', 'Scottsdale'],
    videoId: 'Rb3vN8tYw1E',
  },
  {
    id: 'maple-ash-clay-roots',
    title: 'Root-Packed Clay Lateral in Maple-Ash',
    description: 'Hydro-jetting roots out of a 1920s clay line, then lining it so they cannot grow back.',
    duration: '3:47',
    location: 'Maple-Ash, Tempe',
    yearBuilt: 1928,
    problem: 'Ficus roots filling the line at every clay joint.',
    solution: 'Hydro-jetting to bare pipe, then a CIPP liner with no joints left for roots.',
    tags: ['Hydro-jetting', 'Clay', 'Roots', 'Tempe'],
    videoId: 'kP4dW6zHs0Q',
  },
  {
    id: 'dobson-ranch-epoxy',
    title: 'Epoxy Coating for Pinhole Leaks in Dobson Ranch',
    description: 'Restoring corroded branch drains inside the walls of a 1979 home without opening drywall.',
    duration: '6:05',
    location: 'Dobson Ranch, Mesa',
    yearBuilt: 1979,
    problem: 'Pinhole leaks in 2-inch cast iron branch lines behind the kitchen.',
    solution: 'Cleaned and epoxy-coated branch lines, finished in about five hours.',
    tags: ['Epoxy coating', 'Cast iron', 'Mesa'],
    videoId: 'Zt2mC9vJq5U',
  },
  {
    id: 'willo-camera-inspection',
    title: 'What a Sewer Camera Finds Under a 1930s Home',
    description: 'A full camera inspection in the Willo district, explained frame by frame.',
    duration: '7:21',
    location: 'Willo, Phoenix',
    yearBuilt: 1931,
    problem: 'Slow drains and a sewer smell in the yard.',
    solution: 'Camera inspection and locating found a cracked clay joint 42 feet out; sectional liner installed.',
    tags: ['Camera inspection', 'Clay', 'Phoenix'],
    videoId: 'Hc8rL1nXe3Y',
  },
  {
    id: 'broadmor-slab-leak',
    title: 'Under-Slab Cast Iron Lined Without Jackhammers',
    description: 'Lining the drain under a finished Tempe slab instead of breaking up the floors.',
    duration: '4:56',
    location: 'Broadmor, Tempe',
    yearBuilt: 1961,
    problem: 'Cracked cast iron under the slab with water showing at the baseboards.',
    solution: 'CIPP liner through an existing cleanout; no floors or cabinets removed.',
    tags: ['CIPP lining', 'Slab', 'Tempe'],
    videoId: 'mQ5sT7bKd2A',
  },
  {
    id: 'catlin-court-spot-repair',
    title: 'One Offset Joint, One Spot Repair',
    description: 'A single sectional liner fixes a shifted joint in a historic Glendale bungalow.',
    duration: '2:58',
    location: 'Catlin Court, Glendale',
    yearBuilt: 1925,
    problem: 'A single offset clay joint catching paper and causing repeat clogs.',
    solution: 'A 4-foot sectional point repair, camera-verified the same afternoon.',
    tags: ['Spot repair', 'Clay', 'Glendale'],
    videoId: 'Vw9eF3gRy7M',
  },
  {
    id: 'old-town-peoria-jetting',
    title: 'Grease and Scale Cleared in Old Town Peoria',
    description: 'Hydro-jetting decades of scale from a cast iron main before deciding on lining.',
    duration: '3:34',
    location: 'Old Town Peoria, Peoria',
    yearBuilt: 1966,
    problem: 'Scale narrowing the pipe to half its size and a gurgling toilet.',
    solution: 'Hydro-jetting restored flow; a follow-up camera check confirmed the pipe was sound enough to wait.',
    tags: ['Hydro-jetting', 'Cast iron', 'Peoria'],
    videoId: 'Ln6yB0pXc4G',
  },
];

/** The process section's video: the four steps on one job. */
export const processVideo: VideoRef = {
  videoId: 'Qe1uD5hWz8K',
  title: 'Blue-Light CIPP Lining, Start to Finish',
  duration: '5:14',
};

/** The testimonials section's video: homeowners describe their repair. */
export const testimonialVideo: VideoRef = {
  videoId: 'Ty4nJ2cRv6S',
  title: 'Valley Homeowners on Their Trenchless Repair',
  duration: '3:09',
};
