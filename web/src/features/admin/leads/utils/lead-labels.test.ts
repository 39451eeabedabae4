import { describe, expect, it } from 'vitest';
import {
  ERASED_NAME,
  formVariantLabel,
  humanize,
  issueLabels,
  languageLabel,
  leadName,
  optionLabel,
  parseLeadFilter,
  PREFERS_SPANISH,
  prefersSpanish,
  primaryLanguage,
  sourcePageHref,
  telHref,
  type LeadOptionLists,
} from './lead-labels';

// The shapes of features/lead-form/options.ts (the real lists are checked
// against these labels in the routes' test).
const lists: LeadOptionLists = {
  cities: [{ value: 'mesa', label: 'Mesa' }],
  homeAges: [{ value: 'pre-1980', label: 'Before 1980' }],
  urgencies: [{ value: 'soon', label: 'As soon as possible' }],
  homeIssues: [
    { value: 'frequent-clogs', label: 'Frequent clogs or backups' },
    { value: 'bad-odors', label: 'Bad odors from drains' },
  ],
  contactProblems: [
    { value: 'bad-odors', label: 'Bad odors' },
    { value: 'water-backups', label: 'Water backups' },
  ],
};

describe('lead labels', () => {
  it('labels values from the lists, and shows values no list knows as the visitor typed them', () => {
    expect(optionLabel(lists.urgencies, 'soon')).toBe('As soon as possible');
    expect(optionLabel(lists.cities, 'mesa')).toBe('Mesa');
    expect(optionLabel(lists.homeAges, 'pre-1980')).toBe('Before 1980');
    expect(optionLabel(lists.urgencies, 'before the holidays')).toBe('before the holidays');
    expect(optionLabel(lists.cities, 'Cave Creek')).toBe('Cave Creek');
    expect(optionLabel(lists.homeAges, '1950s')).toBe('1950s');
    expect(humanize('')).toBe('');
  });

  it('reads issues with the list of the form the lead came from', () => {
    expect(issueLabels(['frequent-clogs', 'bad-odors'], 'home', lists)).toEqual([
      'Frequent clogs or backups',
      'Bad odors from drains',
    ]);
    expect(issueLabels(['bad-odors', 'water-backups'], 'contact', lists)).toEqual(['Bad odors', 'Water backups']);
    // A value only the other form has still gets its label.
    expect(issueLabels(['water-backups'], 'home', lists)).toEqual(['Water backups']);
    expect(issueLabels(['Tree roots in the yard'], 'home', lists)).toEqual(['Tree roots in the yard']);
  });

  it('names the form variants', () => {
    expect(formVariantLabel('home')).toBe('Inspection form (home, city or service page)');
    expect(formVariantLabel('contact')).toBe('Contact page form');
    expect(formVariantLabel('')).toBe('Unknown');
  });

  it('keeps the filter to the four the server knows', () => {
    expect(parseLeadFilter('unread')).toBe('unread');
    expect(parseLeadFilter('overdue')).toBe('overdue');
    expect(parseLeadFilter('spam')).toBe('spam');
    expect(parseLeadFilter('everything')).toBe('all');
    expect(parseLeadFilter(null)).toBe('all');
  });

  it('makes dialable tel: links', () => {
    expect(telHref('(602) 555-0142')).toBe('tel:6025550142');
    expect(telHref(' +1 602.555.0142 ')).toBe('tel:+16025550142');
  });

  it('links only site paths given as the source page', () => {
    expect(sourcePageHref('/scottsdale')).toBe('/scottsdale');
    expect(sourcePageHref('/')).toBe('/');
    expect(sourcePageHref('//evil.example/x')).toBeNull();
    expect(sourcePageHref('/\\evil.example')).toBeNull();
    expect(sourcePageHref('javascript:alert(1)')).toBeNull();
    expect(sourcePageHref('https://evil.example/')).toBeNull();
    expect(sourcePageHref('')).toBeNull();
  });

  // Found by the attack of 2026-11-27: a browser drops the tab and reads
  // "//evil.example/phish", a link to another host.
  it('reads the source page as a browser reads a link: nothing hidden in it leaves the site', () => {
    const origin = 'https://valleytrenchless.example';
    const hostile = [
      '/\t/evil.example/phish',
      '/\n/evil.example/phish',
      '/\r\n/evil.example',
      '\t//evil.example',
      ' //evil.example',
      '/ /evil.example',
      '/\u00a0/evil.example',
      '/\u200b/evil.example',
      '/\u2028/evil.example',
      '/\u0000/evil.example',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '\\/evil.example',
      '/\t\\evil.example',
      '/.//evil.example',
      '/./\\evil.example',
      '/x/..//evil.example',
      'javascript:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'https://evil.example/',
      'http:evil.example',
      'https://valleytrenchless.example@evil.example/',
      'evil.example/phish',
      '%2F%2Fevil.example',
      '%2f%2fevil.example',
      '',
      '\t',
    ];
    for (const value of hostile) {
      expect(sourcePageHref(value, origin), JSON.stringify(value)).toBeNull();
    }
  });

  it('links encoded paths as paths of the site, never as another host', () => {
    const origin = 'https://valleytrenchless.example';
    // Percent-encoded slashes, backslashes and tabs stay encoded: a browser
    // asks the site for them.
    expect(sourcePageHref('/%2F%2Fevil.example', origin)).toBe('/%2F%2Fevil.example');
    expect(sourcePageHref('/%5C%5Cevil.example', origin)).toBe('/%5C%5Cevil.example');
    expect(sourcePageHref('/%09/evil.example', origin)).toBe('/%09/evil.example');
    // Dot segments, encoded or not, are resolved as the browser will.
    expect(sourcePageHref('/blog/%2e%2e/contact', origin)).toBe('/contact');
    expect(sourcePageHref('/../../contact', origin)).toBe('/contact');
    expect(sourcePageHref('/mesa?utm_source=x#form', origin)).toBe('/mesa?utm_source=x#form');
    expect(sourcePageHref('/mesa\t', origin)).toBe('/mesa');
  });

  it('names a lead by its first and last name, and an erased lead as erased', () => {
    expect(leadName({ firstName: 'Maria', lastName: 'Lopez' })).toBe('Maria Lopez');
    expect(leadName({ firstName: 'Maria', lastName: '', erasedAt: null })).toBe('Maria');
    expect(leadName({ firstName: '', lastName: '', erasedAt: '2026-11-30T16:05:00Z' })).toBe(ERASED_NAME);
  });
});

describe('a lead’s language (issue 40)', () => {
  it('prefers Spanish when its primary subtag is es, in any region or case', () => {
    for (const tag of ['es', 'es-MX', 'es-419', 'ES-us']) expect(prefersSpanish(tag), tag).toBe(true);
    for (const tag of ['', 'en', 'en-US', 'fr-CA', 'est', 'eu', undefined]) expect(prefersSpanish(tag), String(tag)).toBe(false);
    expect(primaryLanguage('ES-mx')).toBe('es');
    expect(primaryLanguage(undefined)).toBe('');
    expect(PREFERS_SPANISH).toBe('Prefers Spanish');
  });

  it('names a language in English with the tag as the form sent it', () => {
    expect(languageLabel('es')).toBe('Spanish (es)');
    expect(languageLabel('es-MX')).toBe('Mexican Spanish (es-MX)');
    expect(languageLabel('fr-CA')).toBe('Canadian French (fr-CA)');
    expect(languageLabel('en')).toBe('English (en)');
    expect(languageLabel('')).toBe('');
    // A well-formed tag no one has a name for reads as itself.
    expect(languageLabel('qaa')).toBe('qaa');
    expect(languageLabel('zz-abcdefgh')).toBe('zz-abcdefgh');
  });
});
