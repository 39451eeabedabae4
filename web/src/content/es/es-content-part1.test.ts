// The Spanish data modules of issue 40, part 1, against their English originals:
// services, videos, projects, testimonials, stats, eras, resources, risk and
// service-pages.
//
// For every module pair:
// - the Spanish module exports exactly the English module's data exports (its
//   non-function exports) and no functions;
// - both sides have the same shape: same array lengths, same object keys at
//   every level, same value types;
// - every string leaf is classified, and a leaf that is neither listed as text
//   nor as non-text fails the test, so a new English field forces a decision:
//   · a whole export is classified by WHOLE_EXPORTS (records keyed by risk
//     level, enum lists, colours);
//   · otherwise a leaf is classified by its field name: the nearest object key
//     on its path (an element of a string array takes the array's key), looked
//     up in TEXT_FIELDS or SAME_FIELDS;
// - non-text leaves (and all numbers and booleans) are identical;
// - text leaves are non-empty, differ from the English text unless the English
//   text has no letters at all ("90%", "1960–1975", "$$") or is on SAME_IN_BOTH
//   (proper names), and carry the same numbers as the English text (no figure
//   dropped, changed or added in translation).
import { describe, expect, it } from 'vitest';
import * as enEras from '../eras';
import * as enProjects from '../projects';
import * as enResources from '../resources';
import * as enRisk from '../risk';
import * as enServicePages from '../service-pages';
import * as enServices from '../services';
import * as enStats from '../stats';
import * as enTestimonials from '../testimonials';
import * as enVideos from '../videos';
import * as esEras from './eras';
import * as esProjects from './projects';
import * as esResources from './resources';
import * as esRisk from './risk';
import * as esServicePages from './service-pages';
import * as esServices from './services';
import * as esStats from './stats';
import * as esTestimonials from './testimonials';
import * as esVideos from './videos';

type Module = Record<string, unknown>;

const MODULES: readonly { name: string; en: Module; es: Module }[] = [
  { name: 'service-pages', en: enServicePages, es: esServicePages },
  { name: 'services', en: enServices, es: esServices },
  { name: 'videos', en: enVideos, es: esVideos },
  { name: 'projects', en: enProjects, es: esProjects },
  { name: 'testimonials', en: enTestimonials, es: esTestimonials },
  { name: 'stats', en: enStats, es: esStats },
  { name: 'eras', en: enEras, es: esEras },
  { name: 'resources', en: enResources, es: esResources },
  { name: 'risk', en: enRisk, es: esRisk },
];

/** Exports classified as a whole: 'text' = every string in them is text, 'same' = every value is identical. */
const WHOLE_EXPORTS: Readonly<Record<string, 'text' | 'same'>> = {
  // risk.ts: records keyed by level, and the colours.
  RISK_LEVELS: 'same',
  RISK_LABELS: 'text',
  RISK_DESCRIPTIONS: 'text',
  RISK_COLORS: 'same',
  RISK_MAP_COLORS: 'same',
  RISK_MAP_OUTLINE: 'same',
  UNKNOWN_RISK_COLORS: 'same',
  // resources.ts: the posts' stored category values, not display text.
  ARTICLE_CATEGORIES: 'same',
};

/** Fields shown to people: translated. */
const TEXT_FIELDS = new Set([
  'answer',
  'caption',
  'cells',
  'columns',
  'contactTitle',
  'description',
  'detail',
  'excerpt',
  'eyebrow',
  'features',
  'highlights',
  'intro',
  'items',
  'label',
  'lead',
  'note',
  'paragraphs',
  'pipeType',
  'points',
  'problem',
  'question',
  'relatedLabel',
  'result',
  'riskNote',
  'rowHeader',
  'scheduleLabel',
  'solution',
  'spoken',
  'summary',
  'tags',
  'text',
  'title',
  'value',
  'years',
  'yearsLabel',
]);

/**
 * Fields that stay as they are: ids, slugs, paths, links, enum values, video
 * ids and lengths, dates, people's names and initials, place names (location),
 * and the "$" symbols of the price tiers (their words are in `spoken`).
 */
const SAME_FIELDS = new Set([
  'articleId',
  'category',
  'color',
  'date',
  'duration',
  'href',
  'icon',
  'id',
  'initial',
  'location',
  'name',
  'path',
  'riskLevel',
  'shown',
  'to',
  'videoId',
]);

/** Text that is the same in both languages: place and product names used as tags or labels. */
const SAME_IN_BOTH = new Set([
  'Orangeburg',
  'CIPP',
  'HDPE',
  'Phoenix',
  'Scottsdale',
  'Tempe',
  'Mesa',
  'Chandler',
  'Gilbert',
  'Glendale',
  'Peoria',
]);

const hasLetters = (s: string) => /\p{L}/u.test(s);
const numbersIn = (s: string) => (s.match(/\d+(?:[.,]\d+)?/g) ?? []).sort();

/** The data exports of a module (functions are behaviour, not data, and are not translated). */
const dataExports = (m: Module) =>
  Object.keys(m)
    .filter((k) => typeof m[k] !== 'function')
    .sort();

type Leaf = { path: string; kind: 'text' | 'same'; en: unknown; es: unknown };

/**
 * Walks both values in step. Shape differences go to `problems`; every
 * primitive leaf is collected with its classification.
 */
function walk(en: unknown, es: unknown, path: (string | number)[], problems: string[], leaves: Leaf[]): void {
  const where = path.join('.');
  if (Array.isArray(en)) {
    if (!Array.isArray(es)) return void problems.push(`${where}: English is an array, Spanish is not`);
    if (es.length !== en.length) problems.push(`${where}: ${en.length} items in English, ${es.length} in Spanish`);
    en.forEach((item, i) => walk(item, es[i], [...path, i], problems, leaves));
    return;
  }
  if (en !== null && typeof en === 'object') {
    if (es === null || typeof es !== 'object' || Array.isArray(es))
      return void problems.push(`${where}: English is an object, Spanish is not`);
    const enKeys = Object.keys(en).sort();
    const esKeys = Object.keys(es).sort();
    if (enKeys.join() !== esKeys.join())
      problems.push(`${where}: keys differ (English ${enKeys.join(', ')}; Spanish ${esKeys.join(', ')})`);
    for (const k of enKeys) walk((en as Module)[k], (es as Module)[k], [...path, k], problems, leaves);
    return;
  }
  if (typeof en !== typeof es) return void problems.push(`${where}: English is a ${typeof en}, Spanish a ${typeof es}`);
  if (typeof en !== 'string') return void leaves.push({ path: where, kind: 'same', en, es });

  // path = [module, export, ...]
  const exportName = String(path[1]);
  const whole = WHOLE_EXPORTS[exportName];
  if (whole) return void leaves.push({ path: where, kind: whole, en, es });
  const field = [...path.slice(2)].reverse().find((p): p is string => typeof p === 'string');
  if (field !== undefined && TEXT_FIELDS.has(field)) return void leaves.push({ path: where, kind: 'text', en, es });
  if (field !== undefined && SAME_FIELDS.has(field)) return void leaves.push({ path: where, kind: 'same', en, es });
  problems.push(`${where}: field "${field ?? exportName}" is neither in TEXT_FIELDS nor in SAME_FIELDS (classify it)`);
}

function compareModule(name: string, en: Module, es: Module) {
  const problems: string[] = [];
  const leaves: Leaf[] = [];
  for (const key of dataExports(en)) walk(en[key], es[key], [name, key], problems, leaves);
  return { problems, leaves };
}

describe.each(MODULES)('es/$name', ({ name, en, es }) => {
  it('exports the same data constants as the English module, and no functions', () => {
    expect(dataExports(es)).toEqual(dataExports(en));
    expect(Object.keys(es).filter((k) => typeof es[k] === 'function')).toEqual([]);
  });

  it('has the English shape: same array lengths, same keys at every level, every string field classified', () => {
    expect(compareModule(name, en, es).problems).toEqual([]);
  });

  it('keeps every non-text value (ids, slugs, paths, numbers, enum values) identical', () => {
    const differing = compareModule(name, en, es)
      .leaves.filter((l) => l.kind === 'same' && l.en !== l.es)
      .map((l) => `${l.path}: ${JSON.stringify(l.en)} ≠ ${JSON.stringify(l.es)}`);
    expect(differing).toEqual([]);
  });

  it('translates every text field, keeping its numbers', () => {
    const { leaves } = compareModule(name, en, es);
    const texts = leaves.filter((l): l is Leaf & { en: string; es: string } => l.kind === 'text');
    expect(texts.length).toBeGreaterThan(0);
    const untranslated = texts
      .filter((l) => l.es.trim() === '' || (l.es === l.en && hasLetters(l.en) && !SAME_IN_BOTH.has(l.en)))
      .map((l) => `${l.path}: ${JSON.stringify(l.es)}`);
    expect(untranslated).toEqual([]);
    const numbersChanged = texts
      .filter((l) => numbersIn(l.en).join() !== numbersIn(l.es).join())
      .map((l) => `${l.path}: English ${numbersIn(l.en).join(' ')}; Spanish ${numbersIn(l.es).join(' ')}`);
    expect(numbersChanged).toEqual([]);
  });
});

describe('es/service-pages', () => {
  it('has a 140–160 character description per page, like the English pages', () => {
    for (const page of esServicePages.servicePages) {
      expect(page.seo.description.length, page.path).toBeGreaterThanOrEqual(140);
      expect(page.seo.description.length, page.path).toBeLessThanOrEqual(160);
    }
  });

  it('lists the Spanish pages in servicePages and uses the Spanish eras and process video', () => {
    expect(esServicePages.servicePages).toEqual([
      esServicePages.cippLiningPage,
      esServicePages.pipeBurstingPage,
      esServicePages.epoxyCoatingPage,
      esServicePages.drainInspectionsPage,
    ]);
    expect(esServicePages.drainInspectionsPage.localIssues.eras).toBe(esEras.pipeEras);
    expect(esServicePages.cippLiningPage.video.video).toBe(esVideos.processVideo);
  });
});

describe('the comparison itself', () => {
  it('fails when an English item has no Spanish twin, a key is missing or a field is unclassified', () => {
    const en = { things: [{ id: 'a', title: 'One' }, { id: 'b', title: 'Two' }], extra: { note: 'x', mystery: 'y' } };
    const es = { things: [{ id: 'a', title: 'Uno' }], extra: { note: 'x' } };
    const { problems } = compareModule('demo', en, es);
    expect(problems).toEqual([
      'demo.extra: keys differ (English mystery, note; Spanish note)',
      'demo.extra.mystery: English is a string, Spanish a undefined',
      'demo.things: 2 items in English, 1 in Spanish',
      'demo.things.1: English is an object, Spanish is not',
    ]);
    expect(compareModule('demo', { x: { mystery: 'y' } }, { x: { mystery: 'z' } }).problems).toEqual([
      'demo.x.mystery: field "mystery" is neither in TEXT_FIELDS nor in SAME_FIELDS (classify it)',
    ]);
  });
});
