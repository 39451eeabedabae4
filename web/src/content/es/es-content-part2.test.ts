// The Spanish data modules of issue 40, part 2, against their English originals:
// neighborhoods, city-details, cities, home-neighborhoods, risk-map and
// risk-map-neighborhoods.
//
// For every module pair:
// - the Spanish module exports exactly the English module's data exports (its
//   non-function exports) and no functions;
// - both sides have the same shape: same array lengths, same object keys at
//   every level (so an English item, field or city added without its Spanish
//   twin fails here), same value types;
// - every string leaf is classified by its field name, the nearest object key
//   on its path (an element of a string array takes the array's key; an
//   element of an exported array of strings takes the export's name), looked
//   up in TEXT_FIELDS or SAME_FIELDS; a leaf in neither list fails the test, so
//   a new English field forces a decision;
// - non-text leaves (and all numbers and booleans) are identical: slugs, ids,
//   city slugs, risk levels, image files, coordinates, heat weights, zooms;
// - text leaves are non-empty and differ from the English text, unless the
//   English text has no letters at all ("1920–1940") or is on SAME_IN_BOTH
//   (proper names of cities and places, and the pipe names PVC and ABS);
// - every figure in an English text appears in its Spanish text (a decade the
//   English shortens, "1920s–40s", may be written out, "1920 a 1940"), and
//   Spanish sentences, the places' names taken out, carry no common English
//   words (a text left untranslated).
// Then the relations the English modules have among themselves hold in Spanish:
// the city pages' list places the home table's and the risk map's entries by
// identity, and each map place repeats its Spanish city-page entry's words.
import { describe, expect, it } from 'vitest';
import * as enCities from '../cities';
import * as enCityDetails from '../city-details';
import * as enHomeNeighborhoods from '../home-neighborhoods';
import * as enNeighborhoods from '../neighborhoods';
import * as enRiskMap from '../risk-map';
import * as enRiskMapNeighborhoods from '../risk-map-neighborhoods';
import * as esCities from './cities';
import * as esCityDetails from './city-details';
import * as esHomeNeighborhoods from './home-neighborhoods';
import * as esNeighborhoods from './neighborhoods';
import { RISK_LABELS } from './risk';
import * as esRiskMap from './risk-map';
import * as esRiskMapNeighborhoods from './risk-map-neighborhoods';

type Module = Record<string, unknown>;

const MODULES: readonly { name: string; en: Module; es: Module }[] = [
  { name: 'neighborhoods', en: enNeighborhoods, es: esNeighborhoods },
  { name: 'city-details', en: enCityDetails, es: esCityDetails },
  { name: 'cities', en: enCities, es: esCities },
  { name: 'home-neighborhoods', en: enHomeNeighborhoods, es: esHomeNeighborhoods },
  { name: 'risk-map', en: enRiskMap, es: esRiskMap },
  { name: 'risk-map-neighborhoods', en: enRiskMapNeighborhoods, es: esRiskMapNeighborhoods },
];

/** Fields shown to people: translated. */
const TEXT_FIELDS = new Set([
  'name',
  'constructionEra',
  'primaryPipeType',
  'summary',
  'era',
  'pipeType',
  'pipes',
  'description',
  'details',
  'risk',
  'riskDescription',
  'commonIssues',
  'challenges',
  'heroIntro',
]);

/** Fields that are data, not words: identical in both languages. */
const SAME_FIELDS = new Set([
  'id',
  'slug',
  'city',
  'riskLevel',
  'image',
  // Exported lists of slugs and ids.
  'CITY_SLUGS',
  'HOME_TABLE_NEIGHBORHOOD_IDS',
]);

/** Text that stays as it is in Spanish, by field: proper names and trade names. */
const SAME_IN_BOTH: Readonly<Record<string, ReadonlySet<string>>> = {
  name: new Set([
    // Cities.
    'Scottsdale', 'Phoenix', 'Tempe', 'Mesa', 'Chandler', 'Gilbert', 'Glendale', 'Peoria',
    // Neighbourhoods, subdivisions and their sub-areas, by their own names.
    'Agritopia', 'Ahwatukee Foothills', 'Alameda Meadows', 'Alta Mesa', 'Andersen Springs', 'Arcadia', 'Arcadia Lite',
    'Arcadia Proper', 'Arrowhead Meadows', 'Arrowhead Ranch', 'Augusta Ranch', 'Bellair', 'Borden Homes', 'Broadmor',
    'Cactus Corridor', 'Camino a Lago', 'Catlin Court', 'Citrus Sub-Area', 'Clemente Ranch', 'Coronado',
    'Country Meadows', 'DC Ranch', 'Daley Park', 'Date Palm Manor', 'Desert Harbor', 'Desert Mountain',
    'Desert Ridge', 'Dobson Ranch', 'Eastmark', 'Encanto-Palmcroft', 'Evergreen', 'Fletcher Heights', 'Floralcroft',
    'Fox Crossing', 'Fraser Fields', 'Fulton Ranch', 'Gainey Ranch', 'Glen Lakes', 'Golden Hills', 'Grayhawk',
    'Heritage District', 'Holdeman', 'Jen Tilly Terrace', 'Knoell East', 'Las Sendas', 'Laveen', 'Lehi',
    'Lower Arcadia (Arcadia Osborn)', 'Maple-Ash', 'Marlen Grove', 'Maryvale', 'McCormick Ranch', 'Medlock Place',
    'Mesa Country Club', 'Mitchell Park', 'Moon Valley', 'Morrison Ranch', 'North Central Corridor', 'Ocotillo',
    'Old Town Peoria', 'Old Town Scottsdale', 'Palmcroft Manor', 'Park Scottsdale', 'Parkridge', 'Pecos Ranch',
    'Pheasant Ridge', 'Pierson Place', 'Pinnacle Peak', 'Power Ranch', 'Red Mountain Ranch', 'Robson',
    'Rovey Farm Estates', 'Sahuaro Ranch', 'San Mateo', 'Sands North Townhouses', 'Scottsdale Estates',
    'Scottsdale Ranch', 'Seville', 'Shalimar', 'Shea Corridor', 'Silverleaf', 'Sonoran Mountain Ranch',
    'Stellar Airpark', 'Sun Groves', 'Sunland Springs Village', 'Sunnyslope', 'Superstition Springs',
    'Tempe Town Lake', 'Temple', 'Terramar', 'The Islands', 'The Lakes', 'Tierra del Rio',
    'Town & Country Scottsdale', 'Trilogy at Vistancia', 'Troon North', 'Val Vista Lakes', 'Ventana Lakes',
    'Villa Monterey', 'Village Grove', 'Vistancia', 'Warner Ranch', 'Westbrook Village', 'Westwing Mountain',
    'Windsor Square',
  ]),
  pipeType: new Set(['PVC', 'ABS']),
  pipes: new Set(['PVC', 'ABS']),
  primaryPipeType: new Set(['PVC', 'ABS']),
};

/** Words that would mark an English sentence left in a Spanish text field (names excepted). */
const ENGLISH_WORDS = /\b(the|and|with|where|from|of|is|are|homes|pipe|lines|under|older|newer)\b/i;

/** A text with the places' own names ("Borden Homes") taken out. */
const withoutNames = (text: string) => [...SAME_IN_BOTH.name!].reduce((t, n) => t.replaceAll(n, ''), text);

const isFunction = (v: unknown) => typeof v === 'function';

/** The problems found comparing an English value with its Spanish twin (empty when they agree). */
function compare(en: unknown, es: unknown, path: string, field: string): string[] {
  if (Array.isArray(en)) {
    if (!Array.isArray(es)) return [`${path}: English is an array, Spanish is not`];
    if (es.length !== en.length) return [`${path}: ${en.length} English items, ${es.length} Spanish`];
    // An item with an id or slug is named by it too: "neighborhoods[32 desert-ridge]".
    const label = (x: unknown, i: number) => {
      const item = (x ?? {}) as { id?: unknown; slug?: unknown };
      const key = item.id ?? item.slug;
      return typeof key === 'string' ? `${i} ${key}` : `${i}`;
    };
    return en.flatMap((x, i) => compare(x, es[i], `${path}[${label(x, i)}]`, field));
  }
  if (en !== null && typeof en === 'object') {
    if (es === null || typeof es !== 'object' || Array.isArray(es)) return [`${path}: English is an object, Spanish is not`];
    const enKeys = Object.keys(en).sort();
    const esKeys = Object.keys(es).sort();
    if (enKeys.join() !== esKeys.join()) return [`${path}: keys differ (English ${enKeys.join()}; Spanish ${esKeys.join()})`];
    return enKeys.flatMap((k) =>
      compare((en as Record<string, unknown>)[k], (es as Record<string, unknown>)[k], `${path}.${k}`, k),
    );
  }
  if (typeof en !== typeof es) return [`${path}: English is a ${typeof en}, Spanish a ${typeof es}`];
  if (typeof en !== 'string') return Object.is(en, es) ? [] : [`${path}: ${String(en)} ≠ ${String(es)}`];
  const esText = es as string;
  if (SAME_FIELDS.has(field)) return en === esText ? [] : [`${path}: must be identical ('${en}' ≠ '${esText}')`];
  if (!TEXT_FIELDS.has(field)) return [`${path}: field '${field}' is neither in TEXT_FIELDS nor in SAME_FIELDS`];
  const problems: string[] = [];
  if (esText.trim() === '' || esText !== esText.trim()) problems.push(`${path}: empty or padded Spanish text`);
  if (esText === en && /\p{L}/u.test(en) && !SAME_IN_BOTH[field]?.has(en)) {
    problems.push(`${path}: not translated ('${en}'); if it is a proper name, add it to SAME_IN_BOTH`);
  }
  for (const figure of en.match(/\d+/g) ?? []) {
    if (!esText.includes(figure)) problems.push(`${path}: the figure ${figure} of '${en}' is missing in '${esText}'`);
  }
  if (field !== 'name' && ENGLISH_WORDS.test(withoutNames(esText))) problems.push(`${path}: English words in '${esText}'`);
  return problems;
}

describe('Spanish content, part 2 (content/es) against the English modules', () => {
  for (const { name, en, es } of MODULES) {
    describe(name, () => {
      it('exports the English data constants under the same names, and no functions', () => {
        const enData = Object.keys(en).filter((k) => !isFunction(en[k])).sort();
        expect(Object.keys(es).sort()).toEqual(enData);
        expect(Object.keys(es).filter((k) => isFunction(es[k]))).toEqual([]);
      });

      it('has the same shape and data as the English, with every text translated', () => {
        const problems = Object.keys(en)
          .filter((k) => !isFunction(en[k]))
          .flatMap((k) => compare(en[k], es[k], `${name}.${k}`, k));
        expect(problems).toEqual([]);
      });
    });
  }

  it('finds its own mistakes: a missing twin, a changed id, an untranslated text and a dropped figure', () => {
    const en = [{ id: 'a', era: '1950s', description: 'Clay pipe from 1920.' }, { id: 'b', era: '1960', description: 'New.' }];
    expect(compare(en, [en[0]], 'x', 'x')).toEqual(['x: 2 English items, 1 Spanish']);
    expect(compare(en[1], { ...en[1], id: 'c', description: 'Nuevo.' }, 'x', 'x')).toEqual([
      "x.id: must be identical ('b' ≠ 'c')",
    ]);
    expect(compare(en[0], { ...en[0], era: 'década de 1950' }, 'x', 'x')).toEqual([
      "x.description: not translated ('Clay pipe from 1920.'); if it is a proper name, add it to SAME_IN_BOTH",
      "x.description: English words in 'Clay pipe from 1920.'",
    ]);
    expect(compare(en[0], { id: 'a', era: 'década de 1950', description: 'Tubería de barro.' }, 'x', 'x')).toEqual([
      "x.description: the figure 1920 of 'Clay pipe from 1920.' is missing in 'Tubería de barro.'",
    ]);
    expect(compare({ tagline: 'Hi' }, { tagline: 'Hola' }, 'x', 'x')).toEqual([
      "x.tagline: field 'tagline' is neither in TEXT_FIELDS nor in SAME_FIELDS",
    ]);
    expect(compare({ name: 'Encanto-Palmcroft' }, { name: 'Encanto-Palmcroft' }, 'x', 'x')).toEqual([]);
  });

  it('keeps the English copy’s rules in Spanish: unique names and copy per city, no other city in a hero line', () => {
    const unique = (xs: readonly string[]) => new Set(xs).size === xs.length;
    for (const c of esCities.cities) {
      const page = esCityDetails.cityDetails[c.slug];
      expect(unique(esNeighborhoods.neighborhoods.filter((n) => n.city === c.slug).map((n) => n.name)), c.slug).toBe(true);
      expect(unique(page.commonIssues), c.slug).toBe(true);
      expect(unique(page.challenges), c.slug).toBe(true);
      for (const s of page.challenges) expect(s, c.slug).toMatch(/\.$/);
      for (const other of esCities.cities) if (other.slug !== c.slug) expect(page.heroIntro, c.slug).not.toContain(other.name);
    }
    const pages = Object.values(esCityDetails.cityDetails);
    expect(unique(pages.map((p) => p.riskDescription))).toBe(true);
    expect(unique(pages.map((p) => p.heroIntro))).toBe(true);
  });

  it('places the home table’s and the risk map’s Spanish entries in the city pages’ list, as the English does', () => {
    for (const n of [...esHomeNeighborhoods.homeTableNeighborhoods, ...esRiskMapNeighborhoods.riskMapOnlyNeighborhoods]) {
      expect(esNeighborhoods.neighborhoods, n.id).toContain(n);
    }
    expect(esNeighborhoods.homeTableNeighborhoods).toBe(esHomeNeighborhoods.homeTableNeighborhoods);
    expect(esHomeNeighborhoods.HOME_TABLE_NEIGHBORHOOD_IDS).toEqual(esHomeNeighborhoods.homeTableNeighborhoods.map((n) => n.id));
  });

  it('gives each risk map place its Spanish city-page entry’s words and its rating’s label from es/risk.ts', () => {
    const entries = esNeighborhoods.neighborhoods;
    for (const p of esRiskMap.riskMapNeighborhoods) {
      const [id, subId] = p.id.split('/');
      const entry = entries.find((n) => n.id === id);
      expect(entry, p.id).toBeDefined();
      expect(p.risk, p.id).toBe(RISK_LABELS[p.riskLevel]);
      if (subId === undefined) {
        expect([p.name, p.era, p.pipes, p.details], p.id).toEqual([entry!.name, entry!.era, entry!.pipeType, entry!.description]);
      } else {
        const sub = entry!.subNeighborhoods?.find((s) => s.name.toLowerCase() === subId);
        expect(sub, p.id).toBeDefined();
        expect([p.name, p.details], p.id).toEqual([sub!.name, sub!.details]);
      }
    }
  });
});
