import { describe, expect, it } from 'vitest';
import {
  formVariantLabel,
  humanize,
  issueLabels,
  optionLabel,
  parseLeadFilter,
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
});
