import { describe, expect, it } from 'vitest';
import { contactPageSchema, homeLeadSchema, VALIDATION_MESSAGES } from './schema';

/** The first message zod reports for each field, as the form would show it. */
function messages(schema: typeof homeLeadSchema | typeof contactPageSchema, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    out[field] ??= issue.message;
  }
  return out;
}

const GENERIC = [
  'Required',
  'Invalid input',
  'Invalid email',
  'Expected string, received number',
  'Expected array, received string',
];

const validContact = {
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria@example.com',
  phone: '(480) 555-0199',
  address: '',
  city: '',
  issues: [],
  description: 'Kitchen sink backs up every week.',
  website: '',
};

const validHome = {
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria@example.com',
  phone: '480-555-0199',
  address: '',
  city: '',
  homeAge: '',
  urgency: '',
  issues: ['slow-drainage'],
  description: '',
  website: '',
};

describe('contact page schema (SPEC §5)', () => {
  it('accepts a complete request and trims what people typed', () => {
    const r = contactPageSchema.parse({ ...validContact, firstName: '  Maria ', city: 'tempe', issues: ['water-backups'] });
    expect(r.firstName).toBe('Maria');
    expect(r.city).toBe('tempe');
    expect(r.issues).toEqual(['water-backups']);
  });

  it('reports every rule with SPEC wording on an empty form', () => {
    const empty = { ...validContact, firstName: '', lastName: '', email: '', phone: '', description: '' };
    expect(messages(contactPageSchema, empty)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Valid email is required',
      phone: 'Phone number is required',
      description: 'Please describe your drain issue (minimum 10 characters)',
    });
  });

  it('counts blank-only input as empty', () => {
    const blanks = { ...validContact, firstName: '   ', lastName: '\t', description: '    short   ' };
    expect(messages(contactPageSchema, blanks)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      description: 'Please describe your drain issue (minimum 10 characters)',
    });
  });

  it('applies the length limits at exactly 10 characters', () => {
    expect(messages(contactPageSchema, { ...validContact, phone: '602555014' }).phone).toBe('Phone number is required');
    expect(messages(contactPageSchema, { ...validContact, phone: '6025550142' })).toEqual({});
    expect(messages(contactPageSchema, { ...validContact, description: '123456789' }).description).toBe(
      'Please describe your drain issue (minimum 10 characters)',
    );
    expect(messages(contactPageSchema, { ...validContact, description: '1234567890' })).toEqual({});
  });

  it('rejects malformed e-mail addresses', () => {
    for (const email of ['maria', 'maria@', '@example.com', 'maria example.com']) {
      expect(messages(contactPageSchema, { ...validContact, email }).email).toBe('Valid email is required');
    }
  });

  it('keeps address, city and problems optional', () => {
    const { address: _a, city: _c, issues: _i, website: _w, ...required } = validContact;
    const r = contactPageSchema.parse(required);
    expect(r).toMatchObject({ address: '', city: '', issues: [], website: '' });
  });

  it('never shows zod generic messages for missing or wrongly typed SPEC fields', () => {
    const missing = messages(contactPageSchema, {});
    const wrongType = messages(contactPageSchema, {
      firstName: 1,
      lastName: null,
      email: 2,
      phone: 3,
      description: false,
    });
    for (const m of [missing, wrongType]) {
      expect(m).toEqual({
        firstName: VALIDATION_MESSAGES.firstName,
        lastName: VALIDATION_MESSAGES.lastName,
        email: VALIDATION_MESSAGES.email,
        phone: VALIDATION_MESSAGES.phone,
        description: VALIDATION_MESSAGES.description,
      });
      for (const g of GENERIC) expect(Object.values(m)).not.toContain(g);
    }
  });

  it('never refuses a city, and rejects tampered problem values with the server wording', () => {
    // 'Other nearby city' sends what is typed; the server keeps any town.
    expect(messages(contactPageSchema, { ...validContact, city: 'other-city', otherCity: 'Cave Creek' }).city).toBeUndefined();
    // The home form's issue values are not /contact problems.
    expect(messages(contactPageSchema, { ...validContact, issues: ['gurgling'] }).issues).toBe(
      'Please choose issues from the list',
    );
  });
});

describe('home form schema (SPEC §5)', () => {
  it('accepts a request with one issue and no optional fields', () => {
    expect(homeLeadSchema.safeParse(validHome).success).toBe(true);
  });

  it('uses the same name, e-mail and phone rules as the /contact form', () => {
    const empty = { ...validHome, firstName: '', lastName: '', email: 'nope', phone: '123' };
    expect(messages(homeLeadSchema, empty)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Valid email is required',
      phone: 'Phone number is required',
    });
  });

  it('requires at least one issue', () => {
    expect(messages(homeLeadSchema, { ...validHome, issues: [] })).toEqual({
      issues: 'Please select at least one issue',
    });
    expect(messages(homeLeadSchema, { ...validHome, issues: undefined }).issues).toBe('Please select at least one issue');
    expect(messages(homeLeadSchema, { ...validHome, issues: 'gurgling' }).issues).toBe(
      'Please select at least one issue',
    );
  });

  it('does not require a description', () => {
    expect(messages(homeLeadSchema, { ...validHome, description: 'short' })).toEqual({});
  });

  it('accepts every listed option and rejects others with the server wording', () => {
    const all = {
      ...validHome,
      city: 'peoria',
      homeAge: '2010+',
      urgency: 'soon',
      issues: ['frequent-clogs', 'slow-drainage', 'bad-odors', 'gurgling', 'other'],
    };
    expect(homeLeadSchema.safeParse(all).success).toBe(true);
    expect(messages(homeLeadSchema, { ...validHome, homeAge: '1970s', urgency: 'tomorrow' })).toEqual({
      homeAge: 'Please choose an age range from the list',
      urgency: 'Please choose a timeline from the list',
    });
    expect(messages(homeLeadSchema, { ...validHome, issues: ['water-backups'] }).issues).toBe(
      'Please choose issues from the list',
    );
  });

  it('never shows zod generic messages for missing SPEC fields', () => {
    const m = messages(homeLeadSchema, {});
    expect(m).toEqual({
      firstName: VALIDATION_MESSAGES.firstName,
      lastName: VALIDATION_MESSAGES.lastName,
      email: VALIDATION_MESSAGES.email,
      phone: VALIDATION_MESSAGES.phone,
      issues: VALIDATION_MESSAGES.issues,
    });
    for (const g of GENERIC) expect(Object.values(m)).not.toContain(g);
  });
});
