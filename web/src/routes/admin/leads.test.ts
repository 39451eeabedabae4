import { describe, expect, it } from 'vitest';
import { issueLabels, optionLabel } from '@/features/admin/leads/utils/lead-labels';
import { LEAD_OPTION_LISTS } from './leads';

// The inbox reads a lead's stored values with the public forms' own lists
// (SPEC §3 "Form option lists").
describe('lead labels from the forms’ option lists', () => {
  it('labels the home form’s issues, and the /contact page’s problems for its leads', () => {
    expect(issueLabels(['frequent-clogs', 'slow-drainage', 'bad-odors', 'gurgling', 'other'], 'home', LEAD_OPTION_LISTS)).toEqual([
      'Frequent clogs or backups',
      'Slow drainage',
      'Bad odors from drains',
      'Gurgling sounds',
      'Other (describe below)',
    ]);
    expect(issueLabels(['slow-drains', 'bad-odors', 'water-backups'], 'contact', LEAD_OPTION_LISTS)).toEqual([
      'Slow drains',
      'Bad odors',
      'Water backups',
    ]);
  });

  it('labels urgency, home age and city', () => {
    expect(optionLabel(LEAD_OPTION_LISTS.urgencies, 'soon')).toBe('As soon as possible');
    expect(optionLabel(LEAD_OPTION_LISTS.homeAges, '2010+')).toBe('2010 or newer');
    expect(optionLabel(LEAD_OPTION_LISTS.cities, 'scottsdale')).toBe('Scottsdale');
  });
});
