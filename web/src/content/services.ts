// The six service cards of the home page (SPEC §2 item 4, §3 "Service card").
// Claims follow SPEC §1 exactly; routes are the four service pages of SPEC §2.

/** Which inline icon a card shows (mapped to an SVG by the component). */
export type ServiceIcon = 'liner' | 'burst' | 'epoxy' | 'camera' | 'jet' | 'wrench';

/** The card's accent; each token maps to an AA-contrast colour in the stylesheet. */
export type ServiceColor = 'blue' | 'teal' | 'purple' | 'green' | 'orange' | 'red';

export type ServiceCard = {
  id: string;
  title: string;
  description: string;
  features: readonly string[];
  icon: ServiceIcon;
  color: ServiceColor;
  /** The service page, where one exists; cards without one lead to the contact form. */
  href?: string;
};

export const serviceCards: readonly ServiceCard[] = [
  {
    id: 'cipp-lining',
    title: 'CIPP Pipe Lining with Blue-Light Curing',
    description:
      'We pull a resin-saturated liner through your old pipe and cure it in place with blue LED light, leaving a seamless new pipe inside the old one. CIPP repairs 90% of pipe problems.',
    features: [
      'Most same-day jobs done in 4–8 hours',
      '50+ year lining life',
      'Lifetime warranty on lining installs',
    ],
    icon: 'liner',
    color: 'blue',
    href: '/services/cipp-lining',
  },
  {
    id: 'pipe-bursting',
    title: 'Pipe Bursting',
    description:
      'For pipes too collapsed to line, a bursting head splits the old line and pulls a new HDPE pipe into its place through two small access pits.',
    features: [
      'Access pits about 3 × 3 feet',
      '1–2 days instead of 1–2 weeks of dig and replace',
      'Can upsize the line while replacing it',
    ],
    icon: 'burst',
    color: 'orange',
    href: '/services/pipe-bursting',
  },
  {
    id: 'epoxy-coating',
    title: 'Epoxy Pipe Coating',
    description:
      'A sprayed epoxy barrier seals pinholes and corrosion inside drain and vent lines, including smaller branch lines that are too narrow to line.',
    features: ['Jobs take 4–6 hours', 'Extends pipe life 20–30 years', 'No opening walls or floors'],
    icon: 'epoxy',
    color: 'purple',
    href: '/services/epoxy-coating',
  },
  {
    id: 'drain-inspections',
    title: 'Drain Camera Inspection',
    description:
      'A high-definition camera travels the full length of your line so you see exactly what is wrong and where before anyone quotes a repair.',
    features: [
      'Free camera inspection with any estimate',
      'Recorded video you keep',
      'Locating to pinpoint depth and position',
    ],
    icon: 'camera',
    color: 'teal',
    href: '/services/drain-inspections',
  },
  {
    id: 'hydro-jetting',
    title: 'Hydro-Jetting',
    description:
      'High-pressure water scours away grease, scale and roots down to the pipe wall. It clears stubborn clogs and prepares a line for lining.',
    features: ['Clears roots, grease and hard-water scale', 'Safe for cast iron, clay and PVC', 'Same-day service, 7 days a week'],
    icon: 'jet',
    color: 'green',
  },
  {
    id: 'sewer-repair',
    title: 'Sewer Line & Spot Repair',
    description:
      'When only one section is damaged, a short sectional liner or point repair fixes the break or offset joint without lining the whole run.',
    features: ['Fixes a single crack, break or offset joint', 'Trenchless costs 30–50% less than replacement', 'Camera-verified before and after'],
    icon: 'wrench',
    color: 'red',
  },
];
