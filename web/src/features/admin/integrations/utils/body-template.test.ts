import { describe, expect, it } from 'vitest';
import { templateHint, templateNames, templateProblem, TEMPLATE_MAX_LENGTH } from './body-template';

// docs/leads.md's HubSpot template.
const HUBSPOT = `{"properties": {
  "email": "{{lead.email}}", "firstname": "{{lead.firstName}}", "lastname": "{{lead.lastName}}",
  "hs_lead_status": "NEW", "message": "{{lead.urgency}} — {{lead.issues}}: {{ lead.description }} ({{lead.email}})"
}}`;

describe('templateNames', () => {
  it('lists each name once, in order, spaces inside the braces allowed', () => {
    expect(templateNames(HUBSPOT)).toEqual(['lead.email', 'lead.firstName', 'lead.lastName', 'lead.urgency', 'lead.issues', 'lead.description']);
    expect(templateNames('{"a": "{{type}} at {{timestamp}}", "id": "{{id}}"}')).toEqual(['type', 'timestamp', 'id']);
    expect(templateNames('{"a": "{{ not closed"}')).toEqual([]);
  });
});

describe('templateProblem', () => {
  it('passes an empty template (the standard event) and a good one', () => {
    expect(templateProblem('')).toBeNull();
    expect(templateProblem('   \n')).toBeNull();
    expect(templateProblem(HUBSPOT)).toBeNull();
    expect(templateProblem('[{"x": "{{data.lead.id}}"}]')).toBeNull();
  });

  it('words its refusals as the server does', () => {
    expect(templateProblem('{"email": "{{lead.email}}"')).toMatch(/^The body template is not valid JSON: /);
    expect(templateProblem('"{{lead.email}}"')).toBe('The body template must be a JSON object or array.');
    expect(templateProblem('42')).toBe('The body template must be a JSON object or array.');
    expect(templateProblem('null')).toBe('The body template must be a JSON object or array.');
    expect(templateProblem('{"a": "{{contact.email}}"}')).toBe(
      'The body template names {{contact.email}}: a name starts with lead, data, type, timestamp or id.',
    );
    expect(templateProblem(`{"a": "${'x'.repeat(TEMPLATE_MAX_LENGTH)}"}`)).toBe('The body template is longer than 20,000 characters.');
  });
});

describe('templateHint', () => {
  it('says what will be sent', () => {
    expect(templateHint('')).toMatch(/standard event/);
    expect(templateHint('{"source": "website"}')).toMatch(/names none/);
    expect(templateHint('{"e": "{{lead.email}}"}')).toBe('Fills in {{lead.email}}.');
    expect(templateHint(HUBSPOT)).toBe(
      'Fills in {{lead.email}}, {{lead.firstName}}, {{lead.lastName}}, {{lead.urgency}}, {{lead.issues}}, {{lead.description}}.',
    );
    const many = JSON.stringify(Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((k) => [k, `{{lead.${k}}}`])));
    expect(templateHint(many)).toMatch(/and 2 more\.$/);
  });
});
