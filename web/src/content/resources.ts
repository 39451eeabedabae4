// The resources page's articles and FAQs (SPEC §2 "Resources page", §9: nine
// resource articles, five resource FAQs). The articles are the nine seed posts
// the content service publishes (services/content/internal/contentpg/seed/
// posts/*.md): id is the post's slug, so /blog/{id} opens the real article,
// and title, excerpt, category and date are copied from the front matter
// (features/resources-page/resources-page.test.tsx checks they still agree).
// FAQ claims are SPEC §1's, worded as in content/services.ts (DESIGN §8).

/** SPEC §9: the title-keyword categories plus the two resource-only ones. */
export const ARTICLE_CATEGORIES = [
  'Technology',
  'Maintenance',
  'Cost Guide',
  'Pipe Types',
  'Prevention',
  'Seasonal',
  'Legal & Safety',
] as const;

export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

export type ResourceArticle = {
  /** The post's slug: the card links to /blog/{id}. */
  id: string;
  title: string;
  excerpt: string;
  category: ArticleCategory;
  /** The body's words / 200, rounded up (as the content service computes it). */
  readTimeMinutes: number;
  /** Publication date in Arizona, YYYY-MM-DD (the seed's publishedAt). */
  date: string;
};

/** Newest first. */
export const resourceArticles: readonly ResourceArticle[] = [
  {
    id: 'drain-camera-inspection-guide',
    title: 'What a Drain Camera Inspection Shows and How to Read the Report',
    excerpt:
      'A sewer camera inspection turns guesswork into video evidence. Learn how the inspection works, what problems it reveals and how to make sense of footage counts, clock positions and defect notes.',
    category: 'Technology',
    readTimeMinutes: 5,
    date: '2026-11-10',
  },
  {
    id: 'sewer-lateral-ownership-permits',
    title: 'Who Owns the Sewer Lateral? Responsibility and Permits in Phoenix-Area Cities',
    excerpt:
      'Your city owns the sewer main, but the pipe from your house to it is usually your responsibility. How ownership, permits and utility marking generally work across the Valley.',
    category: 'Legal & Safety',
    readTimeMinutes: 5,
    date: '2026-09-24',
  },
  {
    id: 'pipe-lifespan-by-material',
    title: 'Pipe Lifespan by Material for Valley Sewer and Drain Lines',
    excerpt:
      'Cast iron, clay, Orangeburg, ABS, PVC, galvanized and CIPP liners all age differently. See typical lifespans, how Valley conditions affect them, and how to tell what your home has.',
    category: 'Maintenance',
    readTimeMinutes: 5,
    date: '2026-08-13',
  },
  {
    id: 'trenchless-vs-traditional-cost-guide',
    title: 'Sewer Repair Cost Guide for Lining vs Dig-and-Replace',
    excerpt:
      'What does sewer repair cost in the Phoenix Valley? Typical price ranges for lining, pipe bursting and dig-and-replace, what drives the price up or down, and what to ask before you sign.',
    category: 'Cost Guide',
    readTimeMinutes: 5,
    date: '2026-07-23',
  },
  {
    id: 'warning-signs-sewer-line-failure',
    title: 'Warning Signs of Sewer Line Failure Every Valley Homeowner Should Know',
    excerpt:
      'Slow drains, gurgling toilets and a suspiciously green patch of yard can all point to a failing sewer line. Here is what each sign means and what to do before it becomes a backup.',
    category: 'Maintenance',
    readTimeMinutes: 5,
    date: '2026-07-02',
  },
  {
    id: 'monsoon-season-drain-care',
    title: 'Monsoon and Summer Heat Drain Care for Phoenix-Area Homes',
    excerpt:
      'Summer in the Valley is hard on drains. Roots hunt for water in the heat, then monsoon storms flood yards in minutes. A practical checklist to keep your sewer line flowing all season.',
    category: 'Seasonal',
    readTimeMinutes: 5,
    date: '2026-06-18',
  },
  {
    id: 'clay-pipe-root-intrusion',
    title: 'Clay Sewer Pipe and Root Intrusion in Older Valley Neighborhoods',
    excerpt:
      'Historic central Phoenix homes often still have clay sewer lines, and mature trees love their joints. Learn why roots get in, what regular cutting really buys you, and your options.',
    category: 'Pipe Types',
    readTimeMinutes: 5,
    date: '2026-06-09',
  },
  {
    id: 'orangeburg-pipe-guide',
    title: 'How to Tell If You Have Orangeburg Pipe and What to Do About It',
    excerpt:
      'Some Valley homes built between 1945 and 1972 still have Orangeburg sewer pipe, a fiber-and-tar material that softens and collapses with age. Here is how to spot it and fix it.',
    category: 'Pipe Types',
    readTimeMinutes: 5,
    date: '2026-05-21',
  },
  {
    id: 'cipp-pipe-lining-explained',
    title: 'How CIPP Pipe Lining Works With Blue-Light Curing',
    excerpt:
      'Cured-in-place pipe lining builds a new pipe inside your old one without digging up the yard. Here is how blue-light curing works, step by step, and who it suits.',
    category: 'Technology',
    readTimeMinutes: 5,
    date: '2026-05-04',
  },
];

/**
 * The moment an article's date stands for, as the content service stores it
 * (9 AM Arizona time, which keeps no daylight saving). A bare "YYYY-MM-DD"
 * would be read as UTC midnight, the evening before in Phoenix.
 */
export function articlePublishedAt(date: string): string {
  return `${date}T09:00:00-07:00`;
}

export type ResourceFaq = {
  id: string;
  question: string;
  answer: string;
  /** The article that answers the question in depth (an id of resourceArticles). */
  articleId: string;
};

export const resourceFaqs: readonly ResourceFaq[] = [
  {
    id: 'lateral-ownership',
    question: 'Who owns the sewer line between my house and the street?',
    answer:
      'In Phoenix-area cities the city or wastewater utility owns the sewer main, and the homeowner is usually responsible for the lateral: the pipe from the house to the main. Many Valley cities make you responsible all the way to the connection at the main, even under the sidewalk or street; others take over at the property line or a cleanout. Your city’s water or wastewater department can tell you where your part ends for your address, and a camera inspection with a locator shows which side of that line a problem is on.',
    articleId: 'sewer-lateral-ownership-permits',
  },
  {
    id: 'lining-life',
    question: 'How long does a pipe liner last?',
    answer:
      'A cured-in-place liner has a 50+ year lining life: it is a seamless new pipe with no joints for roots to get into. That is a claim about the liner. Separately, we give a lifetime warranty on lining installs, with the terms in writing on your estimate.',
    articleId: 'cipp-pipe-lining-explained',
  },
  {
    id: 'insurance',
    question: 'Will homeowners insurance pay for sewer line repair?',
    answer:
      'Often not for the pipe itself. Many standard homeowners policies exclude wear and tear, corrosion and root damage, though some cover sudden damage or offer optional water backup coverage for the clean-up after a backup. Read your policy, call your agent and check whether you carry a separate service line protection plan. We give you the inspection video and a written estimate to send them, and trenchless repair costs 30–50% less than dig-and-replace either way.',
    articleId: 'trenchless-vs-traditional-cost-guide',
  },
  {
    id: 'orangeburg',
    question: 'How can I tell if my home has Orangeburg pipe?',
    answer:
      'Start with the age of your home: some Valley homes built between 1945 and 1972 have it, homes built after the mid-1970s rarely do. Where the pipe shows at the cleanout, Orangeburg looks dull black and tar-like, sometimes flaky. Many lines switch from cast iron to Orangeburg a few feet into the yard, though, so a camera inspection is the only reliable check: it shows the round pipe turning oval, blistered walls and roots growing through the wall.',
    articleId: 'orangeburg-pipe-guide',
  },
  {
    id: 'camera-cost',
    question: 'What does a drain camera inspection cost?',
    answer:
      'Nothing when you get an estimate: we include a free camera inspection with any estimate, and homes in high-risk areas qualify for a free inspection too. A typical residential inspection takes under an hour, you watch the footage with the technician, and you keep the recorded video.',
    articleId: 'drain-camera-inspection-guide',
  },
];
