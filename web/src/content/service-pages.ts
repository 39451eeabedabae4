// The copy of the four service pages (SPEC §2 "Service pages"). Claims are
// SPEC §1's, worded as in content/services.ts; the warranty is always
// "Lifetime warranty on lining installs" and "50+ year lining life" is about
// the liner (DESIGN §8). Phone, company name and hours are never written
// here: the components take them from '@/config/business'.
import { pipeEras, type PipeEra } from './eras';
import { processVideo, type VideoRef } from './videos';

/** A service page's address. */
export type ServicePath = `/services/${string}`;

/** An in-site link (rendered with SmartLink). */
export type InSiteLink = { to: string; label: string };

export type SeoCopy = {
  title: string;
  /** 140–160 characters. */
  description: string;
};

export type HeroCopy = {
  /** The short line above the h1. */
  eyebrow: string;
  title: string;
  lead: string;
  highlights: readonly string[];
  scheduleLabel: string;
};

/** What every content section has: its h2 and an optional lead-in. */
export type SectionCopy = { title: string; intro?: string };

export type ExplanationCopy = SectionCopy & { paragraphs: readonly string[] };

export type ProcessStep = { id: string; title: string; detail: string };

/** SPEC §2: every process on these pages has exactly five steps. */
export type FiveSteps = readonly [ProcessStep, ProcessStep, ProcessStep, ProcessStep, ProcessStep];

export type ProcessCopy = SectionCopy & { steps: FiveSteps };

export type CardCopy = { id: string; title: string; text: string };

export type CardsCopy = SectionCopy & { cards: readonly CardCopy[] };

/**
 * A table cell: plain text, or a symbol shown on screen (e.g. "$$") with the
 * words a screen reader says instead.
 */
export type TableCell = string | { shown: string; spoken: string };

export type ComparisonRow = { label: string; cells: readonly TableCell[] };

export type ComparisonCopy = SectionCopy & {
  caption: string;
  /** The header of the row-label column. */
  rowHeader: string;
  /** One header per compared option; every row has one cell per column. */
  columns: readonly string[];
  rows: readonly ComparisonRow[];
  /** Small print under the table. */
  note?: string;
};

export type FaqCopy = { id: string; question: string; answer: string };

export type FaqsCopy = SectionCopy & { faqs: readonly FaqCopy[] };

export type VideoCopy = SectionCopy & { video: VideoRef };

export type ListCopy = { title: string; items: readonly string[] };

export type SuitabilityCopy = SectionCopy & {
  perfectFor: ListCopy;
  notSuitableFor: ListCopy;
  /** Where to look when epoxy is not the answer. */
  alternatives: { label: string; links: readonly InSiteLink[] };
};

export type ChecklistCopy = SectionCopy & { items: readonly string[] };

export type LocalIssuesCopy = SectionCopy & {
  eras: readonly PipeEra[];
  /** Shown before each era's build years, e.g. "Homes built: 1960–1975". */
  yearsLabel: string;
  /** Valley conditions that are not a pipe type. */
  factors: readonly CardCopy[];
};

export type CtaCopy = {
  title: string;
  text: string;
  points?: readonly string[];
  scheduleLabel: string;
  /** An optional further link (e.g. the risk map). */
  link?: InSiteLink;
  /** Heading of the links to the other service pages. */
  relatedLabel: string;
};

type ServicePageBase = {
  path: ServicePath;
  seo: SeoCopy;
  hero: HeroCopy;
  cta: CtaCopy;
  /** Title of the contact section that ends the page. */
  contactTitle: string;
};

export type CippLiningPage = ServicePageBase & {
  explanation: ExplanationCopy;
  process: ProcessCopy;
  benefits: CardsCopy;
  video: VideoCopy;
  comparison: ComparisonCopy;
  faqs: FaqsCopy;
};

export type PipeBurstingPage = ServicePageBase & {
  explanation: ExplanationCopy;
  process: ProcessCopy;
  suitability: CardsCopy;
  comparison: ComparisonCopy;
};

export type EpoxyCoatingPage = ServicePageBase & {
  explanation: ExplanationCopy;
  process: ProcessCopy;
  benefits: CardsCopy;
  suitability: SuitabilityCopy;
  priceTiers: ComparisonCopy;
};

export type DrainInspectionsPage = ServicePageBase & {
  reveals: CardsCopy;
  process: ProcessCopy;
  whenToGet: ChecklistCopy;
  localIssues: LocalIssuesCopy;
};

const SCHEDULE = 'Schedule Free Inspection';
const RELATED = 'Other trenchless services';

export const cippLiningPage: CippLiningPage = {
  path: '/services/cipp-lining',
  seo: {
    title: 'CIPP Pipe Lining with Blue-Light Curing',
    description:
      'Blue-light cured CIPP pipe lining for Phoenix Valley sewer lines, with no digging. Same-day jobs take 4–8 hours, with a lifetime warranty on lining installs.',
  },
  hero: {
    eyebrow: 'Trenchless sewer repair',
    title: 'CIPP Pipe Lining with Blue-Light Curing',
    lead:
      'We rebuild cracked, corroded and root-damaged sewer lines from the inside. A resin-saturated liner is pulled through your existing pipe and cured with blue LED light, leaving a seamless new pipe without a trench across your yard, driveway or floors.',
    highlights: [
      'Same-day CIPP jobs take 4–8 hours',
      '50+ year lining life',
      'Lifetime warranty on lining installs',
      'Free camera inspection with any estimate',
    ],
    scheduleLabel: SCHEDULE,
  },
  explanation: {
    title: 'What is CIPP pipe lining?',
    paragraphs: [
      'CIPP stands for cured-in-place pipe. Instead of digging up a damaged sewer line, we build a new pipe inside the old one. A flexible felt liner is saturated with resin, pulled into the cleaned line through an existing cleanout or one small access point, and inflated so it presses tight against the old pipe wall.',
      'A train of blue LED lights then travels through the liner and cures the resin in place, hardening it from one end to the other in a single pass. Light curing is fast and controlled, which is why most same-day jobs are finished in 4–8 hours and your drains are back in use that evening.',
      'The result is a smooth, jointless pipe with no seams for roots to find. CIPP repairs 90% of pipe problems, including cracked and corroded cast iron under slabs, root-packed clay laterals and shifted joints.',
    ],
  },
  process: {
    title: 'Our five-step lining process',
    intro: 'Every lining job follows the same five steps, and you see the pipe on camera before and after.',
    steps: [
      {
        id: 'inspection',
        title: 'Camera inspection',
        detail:
          'An HD camera runs the full line. We record the footage and locate each defect, its depth and its length. The inspection is free with any estimate.',
      },
      {
        id: 'cleaning',
        title: 'Cleaning and preparation',
        detail:
          'Hydro-jetting and descaling clear roots, grease and corrosion down to the pipe wall, so the liner seats and seals tight.',
      },
      {
        id: 'wet-out',
        title: 'Measuring and wet-out',
        detail:
          'The liner is cut to the measured length and saturated with resin on site, so it is fresh when it goes into your pipe.',
      },
      {
        id: 'install-cure',
        title: 'Installation and blue-light curing',
        detail:
          'The liner is pulled into place, inflated against the old pipe and cured with blue LED light. Branch connections are reopened from the inside.',
      },
      {
        id: 'final-check',
        title: 'Final camera check',
        detail:
          'A second camera run shows you the finished pipe. You keep the before and after video, and your lifetime warranty on the lining install begins.',
      },
    ],
  },
  benefits: {
    title: 'Why homeowners choose CIPP lining',
    cards: [
      {
        id: 'no-trench',
        title: 'No trench, no torn-up yard',
        text: 'We work through a cleanout or one small access point. Lawns, pavers, driveways, pools and mature trees stay where they are.',
      },
      {
        id: 'same-day',
        title: 'Done the same day',
        text: 'Same-day CIPP jobs take 4–8 hours, from the first camera run to the last.',
      },
      {
        id: 'cost',
        title: 'Costs less than replacement',
        text: 'Trenchless costs 30–50% less than replacement once excavation, hauling and concrete or landscape repair are counted.',
      },
      {
        id: 'liner-life',
        title: '50+ year lining life',
        text: 'The cured liner is a new pipe in its own right. It does not rust, and it has no joints for roots from mesquite, ficus or citrus trees to find.',
      },
      {
        id: 'warranty',
        title: 'Lifetime warranty on lining installs',
        text: 'Every liner we install is covered. You get the warranty terms in writing with your estimate.',
      },
      {
        id: 'flow',
        title: 'Smooth, full flow',
        text: 'The liner is only a few millimeters thick, and its slick wall sheds the scale and grease that cling to old cast iron.',
      },
    ],
  },
  video: {
    title: 'Watch a blue-light lining job',
    intro:
      'Follow one sewer line from the first camera run to the cured liner. The video loads from YouTube’s privacy-enhanced player only when you press play.',
    video: processVideo,
  },
  comparison: {
    title: 'CIPP lining vs. dig and replace',
    intro: 'Both end with a working sewer line. The difference is everything around it.',
    caption: 'CIPP lining compared with dig-and-replace sewer repair',
    rowHeader: 'Compared on',
    columns: ['CIPP lining', 'Dig and replace'],
    rows: [
      { label: 'Digging', cells: ['None, or one small access point', 'A trench along the length of the pipe'] },
      { label: 'Typical time', cells: ['4–8 hours for same-day jobs', '1-2 weeks, including restoration'] },
      { label: 'Cost', cells: ['30–50% less than replacement', 'Excavation, new pipe, hauling and restoration'] },
      { label: 'Yard, driveway and floors', cells: ['Left in place', 'Broken up, then rebuilt'] },
      { label: 'Joints for roots', cells: ['None: one seamless pipe', 'A joint between every section'] },
      { label: 'Expected life', cells: ['50+ year lining life', 'Depends on the new pipe material'] },
      { label: 'Warranty', cells: ['Lifetime warranty on lining installs', 'Set by the contractor'] },
    ],
    note: 'A fully collapsed line cannot be lined; pipe bursting replaces it without a trench.',
  },
  faqs: {
    title: 'CIPP lining questions',
    faqs: [
      {
        id: 'how-long',
        question: 'How long does CIPP lining take?',
        answer:
          'Same-day CIPP jobs take 4–8 hours, including cleaning, installation, curing and the final camera check. A very long line or several branch connections can need a second day, and we tell you that before we start.',
      },
      {
        id: 'stay-home',
        question: 'Do I need to leave my home during the work?',
        answer:
          'No. You can stay home. The drains are out of use while the liner is installed and cured, so we plan around showers and laundry and tell you when you can run water again.',
      },
      {
        id: 'every-pipe',
        question: 'Can every pipe be lined?',
        answer:
          'Most can: CIPP repairs 90% of pipe problems. A line that has fully collapsed, such as flattened Orangeburg, needs pipe bursting instead, and a deep sag may need a spot repair. The camera inspection shows which applies to your line.',
      },
      {
        id: 'smaller',
        question: 'Does a liner make my pipe smaller?',
        answer:
          'Slightly. The liner is only a few millimeters thick, and its smooth wall usually carries flow as well as rough, scaled cast iron did, or better.',
      },
      {
        id: 'life-warranty',
        question: 'How long does the liner last, and what is the warranty?',
        answer:
          'Those are two different things. The liner itself has a 50+ year lining life. Separately, we give a lifetime warranty on lining installs, with the terms in writing on your estimate.',
      },
      {
        id: 'discounts',
        question: 'Do you offer any discounts?',
        answer:
          'Yes. We pay a $500 referral bonus when someone you refer books a repair, and neighbors who book together get a 10% group discount when three or more homes sign up.',
      },
    ],
  },
  cta: {
    title: 'Line it instead of digging it up',
    text: 'Start with a free camera inspection. You see the inside of your pipe, get a written estimate the same day, and know whether a full liner, a spot repair or another fix is right for your line.',
    points: ['Free camera inspection with any estimate', 'Same-day service, 7 days a week'],
    scheduleLabel: SCHEDULE,
    relatedLabel: RELATED,
  },
  contactTitle: 'Schedule Your Free CIPP Lining Assessment',
};

export const pipeBurstingPage: PipeBurstingPage = {
  path: '/services/pipe-bursting',
  seo: {
    title: 'Trenchless Pipe Bursting for Sewer Lines',
    description:
      'Pipe bursting replaces collapsed Phoenix Valley sewer lines from two access pits of 3x3 feet. It takes 1-2 days versus 1-2 weeks for dig and replace.',
  },
  hero: {
    eyebrow: 'Trenchless sewer replacement',
    title: 'Pipe Bursting for Collapsed Sewer Lines',
    lead:
      'When a sewer line is too broken to line, we replace it without a trench. A bursting head splits the old pipe and pulls a seamless new pipe into its place, working from two access pits of 3x3 feet.',
    highlights: [
      'Access pits of 3x3 feet instead of a trench',
      '1-2 days versus 1-2 weeks for dig and replace',
      'Can upsize the line while replacing it',
      'Free camera inspection with any estimate',
    ],
    scheduleLabel: SCHEDULE,
  },
  explanation: {
    title: 'How pipe bursting works',
    paragraphs: [
      'Pipe bursting is trenchless replacement rather than repair. We dig two access pits of 3x3 feet, one where the line leaves the house and one near the connection to the city sewer, and thread a steel cable through the old pipe between them.',
      'A cone-shaped bursting head on that cable is pulled through the line. It fractures the old pipe and pushes the pieces out into the surrounding soil, while the new HDPE pipe, fused into one continuous length, follows right behind it.',
      'A pipe bursting job takes 1-2 days versus 1-2 weeks for dig and replace. The only holes in your yard are the two pits, which we backfill and compact once the new line is connected and tested.',
      'Because the new pipe follows the path of the old one, bursting cannot straighten a sag in the line. The camera inspection tells us first whether your line is a good candidate.',
    ],
  },
  process: {
    title: 'Our five-step pipe bursting process',
    steps: [
      {
        id: 'inspection',
        title: 'Camera inspection and locating',
        detail:
          'We camera the line end to end and mark its path and depth on the ground, so the pits go exactly where they are needed.',
      },
      {
        id: 'pits',
        title: 'Two small access pits',
        detail:
          'After Arizona 811 marks the buried utilities, we dig one access pit of 3x3 feet at each end of the run. Nothing in between is opened.',
      },
      {
        id: 'fuse',
        title: 'Fusing the new pipe',
        detail:
          'The new HDPE pipe is heat-fused into one continuous length with no joints and attached behind the bursting head.',
      },
      {
        id: 'burst',
        title: 'Bursting and pulling',
        detail:
          'A hydraulic winch pulls the head through the old line, breaking it apart and drawing the new pipe into place in a single pass.',
      },
      {
        id: 'connect',
        title: 'Connecting, testing and backfilling',
        detail:
          'We connect the new line at both ends, run a camera through it with you watching, then backfill and compact both pits.',
      },
    ],
  },
  suitability: {
    title: 'When pipe bursting is the right choice',
    intro: 'Most damaged pipes can be lined. Pipe bursting is for the ones that cannot.',
    cards: [
      {
        id: 'orangeburg',
        title: 'Collapsed Orangeburg pipe',
        text: 'Tar-paper sewer pipe laid from 1945 to 1972 blisters and flattens until a camera cannot pass. There is nothing left to line, so we replace it.',
      },
      {
        id: 'broken',
        title: 'Pipe too broken to line',
        text: 'Missing sections, crushed cast iron and clay broken into pieces need a new pipe rather than a liner.',
      },
      {
        id: 'upsize',
        title: 'Lines that are too small',
        text: 'The bursting head can open the path one size larger, so an undersized line can be upsized while it is replaced, for example before a remodel adds a bathroom.',
      },
      {
        id: 'hardscape',
        title: 'Lines under hardscape and trees',
        text: 'Driveways, pavers, pools and mature trees stay put. Only the two access pits are dug.',
      },
    ],
  },
  comparison: {
    title: 'Pipe bursting vs. dig and replace',
    intro: 'Both put a new sewer line in the ground. Pipe bursting does it through two small pits instead of a trench.',
    caption: 'Pipe bursting compared with dig-and-replace sewer line replacement',
    rowHeader: 'Compared on',
    columns: ['Pipe bursting', 'Dig and replace'],
    rows: [
      { label: 'Excavation', cells: ['Two access pits of 3x3 feet', 'A trench along the full length of the line'] },
      { label: 'Time', cells: ['1-2 days', '1-2 weeks'] },
      { label: 'Cost', cells: ['30–50% less than replacement by trench', 'Excavation, new pipe, hauling and restoration'] },
      { label: 'New pipe', cells: ['Seamless HDPE, heat-fused with no joints', 'Sections of new pipe joined with fittings'] },
      { label: 'Pipe size', cells: ['The same size or one size larger', 'Any size'] },
      { label: 'Yard and driveway', cells: ['Two small pits, backfilled', 'Torn up, then rebuilt'] },
      { label: 'Route of the line', cells: ['Follows the old line', 'Can be rerouted or regraded'] },
    ],
  },
  cta: {
    title: 'Find out whether your line needs replacing',
    text: 'Pipe bursting is only the answer when lining is not. A free camera inspection shows which one your sewer line needs, and you get the written estimate the same day.',
    points: ['Free camera inspection with any estimate', 'Same-day service, 7 days a week'],
    scheduleLabel: SCHEDULE,
    relatedLabel: RELATED,
  },
  contactTitle: 'Schedule Your Free Pipe Bursting Assessment',
};

export const epoxyCoatingPage: EpoxyCoatingPage = {
  path: '/services/epoxy-coating',
  seo: {
    title: 'Epoxy Pipe Coating for Drain Lines',
    description:
      'Epoxy pipe coating seals pinhole leaks and corrosion in Phoenix Valley drain lines without opening walls. Jobs take 4–6 hours and extend pipe life 20–30 years.',
  },
  hero: {
    eyebrow: 'Trenchless pipe restoration',
    title: 'Epoxy Pipe Coating for Corroded Drain Lines',
    lead:
      'Pinhole leaks and corrosion in the drain pipes inside your walls do not have to mean tearing out drywall and tile. We clean the pipe down to a bare wall and coat it from the inside with epoxy that seals the leaks and stops the corrosion.',
    highlights: [
      'Jobs take 4–6 hours',
      'Extends pipe life 20–30 years',
      'No opening walls or floors',
      'Free camera inspection with any estimate',
    ],
    scheduleLabel: SCHEDULE,
  },
  explanation: {
    title: 'How epoxy coating works',
    paragraphs: [
      'Epoxy coating restores pipes that are still sound but corroding from the inside, especially the smaller cast iron branch drains and vent lines under sinks, tubs and laundry rooms that are too narrow or have too many bends for a liner.',
      'We descale each line down to the pipe wall, dry it, then apply a two-part epoxy in even coats through the existing cleanouts and fixture openings. The epoxy fills pinholes and cures into a smooth, seamless barrier between your wastewater and the old metal.',
      'Jobs take 4–6 hours in most homes, and a coated pipe gains 20–30 years of service. Where a pipe is cracked through or collapsing, coating is the wrong fix, and we will tell you so.',
    ],
  },
  process: {
    title: 'Our five-step coating process',
    steps: [
      {
        id: 'inspection',
        title: 'Camera inspection',
        detail:
          'We camera every line to be coated and confirm it is sound enough for epoxy. If it is not, we say so and recommend lining or replacement.',
      },
      {
        id: 'access',
        title: 'Access and protection',
        detail:
          'We open the lines at cleanouts and fixture drains and cover floors and fixtures where we work. No walls are cut.',
      },
      {
        id: 'descale',
        title: 'Descaling and drying',
        detail:
          'Mechanical cleaning removes rust, scale and buildup down to the pipe wall, then the line is dried so the epoxy bonds.',
      },
      {
        id: 'coat',
        title: 'Epoxy application',
        detail: 'A two-part epoxy is applied in even coats that fill pinholes and cover the full circumference of the pipe.',
      },
      {
        id: 'cure-check',
        title: 'Curing and camera check',
        detail:
          'Once the epoxy has cured, the camera runs again, the fixtures are reconnected and your drains go back into service.',
      },
    ],
  },
  benefits: {
    title: 'Why coat instead of replace',
    cards: [
      {
        id: 'walls',
        title: 'Walls and floors stay closed',
        text: 'We work through existing openings: no drywall, tile or cabinet demolition, and no patching and painting afterward.',
      },
      {
        id: 'pinholes',
        title: 'Seals pinhole leaks',
        text: 'The epoxy fills small holes and covers the whole pipe wall, separating wastewater from the corroding metal.',
      },
      {
        id: 'one-day',
        title: 'Done in a day',
        text: 'Jobs take 4–6 hours, so most homes have working drains again the same evening.',
      },
      {
        id: 'life',
        title: 'Adds 20–30 years',
        text: 'Epoxy extends pipe life 20–30 years for lines that are corroded but still structurally sound.',
      },
    ],
  },
  suitability: {
    title: 'Is epoxy coating right for your pipes?',
    intro:
      'Epoxy is the right fix for some pipes and the wrong one for others. The camera inspection decides; this is what we look for.',
    perfectFor: {
      title: 'Perfect for',
      items: [
        'Pinhole leaks in cast iron branch drains',
        'Corrosion and scale in 1½- to 4-inch drain and vent lines',
        'Lines inside walls and under slabs with several bends',
        'Pipes that are corroded but still structurally sound',
        'Homes where opening finished walls, tile or cabinets would be costly',
      ],
    },
    notSuitableFor: {
      title: 'Not suitable for',
      items: [
        'Collapsed, crushed or flattened pipe',
        'Orangeburg (tar-paper) pipe',
        'Cracks that run through the pipe wall',
        'Missing pipe sections or large holes',
        'Separated or offset joints and sagging sections',
        'Root intrusion in clay sewer lines',
      ],
    },
    alternatives: {
      label: 'Better fixes for these problems:',
      links: [
        { to: '/services/cipp-lining', label: 'CIPP pipe lining' },
        { to: '/services/pipe-bursting', label: 'Pipe bursting' },
      ],
    },
  },
  priceTiers: {
    title: 'Epoxy coating, lining or replacement: relative cost',
    intro:
      'Relative cost runs from $ (lowest) to $$$ (highest). Your actual price depends on the length, diameter, access and condition of your pipes, and is quoted in writing after the camera inspection.',
    caption: 'Epoxy coating, CIPP lining and dig and replace compared by relative cost and scope',
    rowHeader: 'Compared on',
    columns: ['Epoxy coating', 'CIPP lining', 'Dig and replace'],
    rows: [
      {
        label: 'Relative cost',
        cells: [
          { shown: '$', spoken: 'Lowest relative cost' },
          { shown: '$$', spoken: 'Middle relative cost' },
          { shown: '$$$', spoken: 'Highest relative cost' },
        ],
      },
      {
        label: 'Best for',
        cells: [
          'Corroded but sound branch drains and vents',
          'Cracked, root-damaged or corroded sewer lines',
          'Lines that must be rerouted or regraded',
        ],
      },
      { label: 'Typical job time', cells: ['4–6 hours', '4–8 hours for same-day jobs', '1-2 weeks'] },
      { label: 'Added life', cells: ['Extends pipe life 20–30 years', '50+ year lining life', 'A new pipe'] },
      { label: 'Walls, floors and yard', cells: ['Left in place', 'Left in place', 'Opened, then rebuilt'] },
    ],
    note: 'Trenchless costs 30–50% less than replacement. The tiers compare the options with each other; they are not prices.',
  },
  cta: {
    title: 'See what is inside your walls',
    text: 'A free camera inspection shows whether your drain lines can be coated or need something stronger, and you get the written estimate the same day.',
    points: ['Free camera inspection with any estimate', 'Same-day service, 7 days a week'],
    scheduleLabel: SCHEDULE,
    relatedLabel: RELATED,
  },
  contactTitle: 'Schedule Your Free Epoxy Coating Assessment',
};

export const drainInspectionsPage: DrainInspectionsPage = {
  path: '/services/drain-inspections',
  seo: {
    title: 'Drain & Sewer Camera Inspections',
    description:
      'HD drain and sewer camera inspections for Phoenix Valley homes: find cracks, roots, corrosion and collapsed pipe. Free camera inspection with any estimate.',
  },
  hero: {
    eyebrow: 'Sewer camera inspection',
    title: 'Drain & Sewer Camera Inspections',
    lead:
      'See exactly what is wrong with your drain or sewer line before anyone quotes a repair. A high-definition camera travels the length of the pipe while you watch, and you keep the recording.',
    highlights: [
      'Free camera inspection with any estimate',
      'Free inspection for homes in high-risk areas',
      'Same-day service, 7 days a week',
      'A reply within 24 hours',
    ],
    scheduleLabel: SCHEDULE,
  },
  reveals: {
    title: 'What a camera inspection reveals',
    intro:
      'From inside the house most drain problems look alike: slow drains, gurgling, a smell, a backup. The camera shows the cause.',
    cards: [
      {
        id: 'cracks',
        title: 'Cracks and breaks',
        text: 'Hairline cracks, fractures and broken sections, with their distance from the cleanout so the repair can be sized.',
      },
      {
        id: 'roots',
        title: 'Root intrusion',
        text: 'Roots entering at joints and cracks, from fine hair roots to masses that fill the pipe.',
      },
      {
        id: 'corrosion',
        title: 'Corrosion and scale',
        text: 'Channel rot along the bottom of cast iron, and hard-water scale and grease that narrow the line.',
      },
      {
        id: 'bellies',
        title: 'Sags and bellies',
        text: 'Low spots where the pipe has settled and waste sits in standing water instead of draining.',
      },
      {
        id: 'joints',
        title: 'Offset and separated joints',
        text: 'Joints that have shifted in the soil and catch paper and debris on every flush.',
      },
      {
        id: 'collapse',
        title: 'Collapsed or deformed pipe',
        text: 'Flattened Orangeburg and crushed sections that no amount of cleaning will fix.',
      },
    ],
  },
  process: {
    title: 'Our five-step inspection process',
    steps: [
      {
        id: 'call',
        title: 'Tell us about the problem',
        detail:
          'Call or send the form. We ask about the symptoms, the age of the home and past repairs, and reply within 24 hours.',
      },
      {
        id: 'access',
        title: 'Find an access point',
        detail:
          'We run the camera from an existing cleanout, or through a toilet flange or roof vent when there is no cleanout.',
      },
      {
        id: 'camera',
        title: 'Run the HD camera',
        detail: 'The camera head travels the line out to the city connection while you watch the live picture on the monitor.',
      },
      {
        id: 'locate',
        title: 'Locate each problem',
        detail:
          'A transmitter in the camera head lets us mark the depth and position of each defect on the ground above it.',
      },
      {
        id: 'review',
        title: 'Review the footage and estimate',
        detail:
          'We walk you through the recording, explain the options from cleaning to lining, and give you a written estimate the same day. You keep the video.',
      },
    ],
  },
  whenToGet: {
    title: 'When to get a camera inspection',
    intro: 'A camera inspection is worth it whenever a drain keeps coming back, and before you spend money on or near the line.',
    items: [
      'Drains that clog again within weeks of being cleared',
      'Slow drains, gurgling toilets or water backing up into a tub or shower',
      'A sewer smell in the house or the yard',
      'Buying a home built before 1980',
      'Before a kitchen or bathroom remodel, or adding a bathroom',
      'Large trees growing near the sewer line',
      'Soggy, extra-green patches or small sinkholes over the line',
      'After a sewage backup, to find out why it happened',
    ],
  },
  localIssues: {
    title: 'Pipe problems common in Phoenix Valley homes',
    intro:
      'The year your home was built says a lot about what is under it. These are the pipes and local conditions we find most often.',
    eras: pipeEras,
    yearsLabel: 'Homes built:',
    factors: [
      {
        id: 'caliche',
        title: 'Caliche and shifting soil',
        text: 'The cemented caliche layer under much of the Valley, and clay soils that swell after monsoon storms and shrink in the dry months, stress pipe joints and can leave sags in the line.',
      },
      {
        id: 'hard-water',
        title: 'Hard water',
        text: 'Valley tap water is very hard. Mineral scale builds up inside cast iron drains, narrows them and speeds up corrosion.',
      },
    ],
  },
  cta: {
    title: 'Free camera inspection with any estimate',
    text: 'Every estimate includes a camera inspection at no charge, and homes in high-risk areas, where cast iron, Orangeburg and clay lines are common, get a free inspection too.',
    points: [
      'Free camera inspection with any estimate',
      'Free inspection for homes in high-risk areas',
      'You keep the video',
    ],
    scheduleLabel: SCHEDULE,
    link: { to: '/risk-map', label: 'Check your neighborhood on the pipe-risk map' },
    relatedLabel: RELATED,
  },
  contactTitle: 'Schedule Your Free Drain Camera Inspection',
};

/** The four pages, in the navigation's order. */
export const servicePages = [cippLiningPage, pipeBurstingPage, epoxyCoatingPage, drainInspectionsPage] as const;
