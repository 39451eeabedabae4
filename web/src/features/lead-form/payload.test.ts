import { describe, expect, it } from 'vitest';
import { EMPTY_ATTRIBUTION } from './attribution';
import { currentSubmissionContext, toContactPageInspectionRequest, toHomeInspectionRequest } from './payload';
import { contactPageSchema, homeLeadSchema } from './schema';

const ctx = {
  sourcePage: '/contact',
  attribution: { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'spring', gclid: 'abc' },
  language: 'en',
} as const;

describe('the /contact payload (SPEC §7)', () => {
  it('sends the fields the page does not ask for as null, and hasVideo false', () => {
    const data = contactPageSchema.parse({
      firstName: 'Maria',
      lastName: 'Lopez',
      email: 'maria@example.com',
      phone: '4805550199',
      address: '',
      city: '',
      issues: [],
      description: 'Kitchen sink backs up every week.',
      website: '',
    });
    expect(toContactPageInspectionRequest(data, ctx)).toStrictEqual({
      formVariant: 'contact',
      firstName: 'Maria',
      lastName: 'Lopez',
      email: 'maria@example.com',
      phone: '4805550199',
      address: null,
      city: null,
      urgency: null,
      issues: null,
      homeAge: null,
      previousRepairs: null,
      description: 'Kitchen sink backs up every week.',
      preferredContactTime: null,
      hasVideo: false,
      sourcePage: '/contact',
      attribution: { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'spring', gclid: 'abc' },
      website: '',
      language: 'en',
    });
  });

  it("sends the town typed for 'Other nearby city' as the city", () => {
    const base = {
      firstName: 'Maria',
      lastName: 'Lopez',
      email: 'maria@example.com',
      phone: '4805550199',
      description: 'Kitchen sink backs up every week.',
    };
    const typed = contactPageSchema.parse({ ...base, city: 'other-city', otherCity: ' Cave Creek ' });
    expect(toContactPageInspectionRequest(typed, ctx).city).toBe('Cave Creek');
    const empty = contactPageSchema.parse({ ...base, city: 'other-city', otherCity: '' });
    expect(toContactPageInspectionRequest(empty, ctx).city).toBeNull();
    const listed = homeLeadSchema.parse({ ...base, city: 'tempe', otherCity: 'ignored', issues: ['gurgling'] });
    expect(toHomeInspectionRequest(listed, ctx).city).toBe('tempe');
  });

  it('sends address, city and the selected problems when given', () => {
    const data = contactPageSchema.parse({
      firstName: ' Maria ',
      lastName: 'Lopez',
      email: 'maria@example.com',
      phone: '4805550199',
      address: ' 1234 E Camelback Rd ',
      city: 'scottsdale',
      issues: ['slow-drains', 'water-backups'],
      description: 'Kitchen sink backs up every week.',
      website: 'http://spam.example',
    });
    const body = toContactPageInspectionRequest(data, ctx);
    expect(body).toMatchObject({
      firstName: 'Maria',
      address: '1234 E Camelback Rd',
      city: 'scottsdale',
      issues: ['slow-drains', 'water-backups'],
      urgency: null,
      homeAge: null,
      website: 'http://spam.example',
    });
    expect(Object.keys(body)).toEqual([
      'formVariant',
      'firstName',
      'lastName',
      'email',
      'phone',
      'address',
      'city',
      'urgency',
      'issues',
      'homeAge',
      'previousRepairs',
      'description',
      'preferredContactTime',
      'hasVideo',
      'sourcePage',
      'attribution',
      'website',
      'language',
    ]);
  });
});

describe('the home form payload (SPEC §7)', () => {
  it('sends the shared form fields as strings and the issues as a list', () => {
    const data = homeLeadSchema.parse({
      firstName: 'Dan',
      lastName: 'Reyes',
      email: 'dan@example.com',
      phone: '602-555-0142',
      address: '',
      city: 'mesa',
      homeAge: '1980-1989',
      urgency: 'this-week',
      issues: ['gurgling', 'other'],
      description: '',
      website: '',
    });
    expect(toHomeInspectionRequest(data, { sourcePage: '/mesa', attribution: { ...EMPTY_ATTRIBUTION }, language: 'en' })).toStrictEqual({
      formVariant: 'home',
      firstName: 'Dan',
      lastName: 'Reyes',
      email: 'dan@example.com',
      phone: '602-555-0142',
      address: '',
      city: 'mesa',
      homeAge: '1980-1989',
      issues: ['gurgling', 'other'],
      description: '',
      urgency: 'this-week',
      sourcePage: '/mesa',
      attribution: { utmSource: '', utmMedium: '', utmCampaign: '', gclid: '' },
      website: '',
      language: 'en',
    });
  });
});

describe('the language of the page (issue 40)', () => {
  const spanish = { ...ctx, sourcePage: '/es/contact', language: 'es' } as const;

  it('is sent with both forms, beside SPEC\'s fields', () => {
    const contact = contactPageSchema.parse({
      firstName: 'María',
      lastName: 'López',
      email: 'maria@example.com',
      phone: '4805550199',
      description: 'El fregadero se tapa cada semana.',
    });
    expect(toContactPageInspectionRequest(contact, spanish)).toMatchObject({ formVariant: 'contact', sourcePage: '/es/contact', language: 'es' });
    const home = homeLeadSchema.parse({ ...contact, issues: ['gurgling'] });
    expect(toHomeInspectionRequest(home, { ...spanish, sourcePage: '/es/mesa' })).toMatchObject({ formVariant: 'home', language: 'es' });
  });

  it('is the one the form is given', () => {
    expect(currentSubmissionContext('es').language).toBe('es');
    expect(currentSubmissionContext('en').language).toBe('en');
  });
});

describe('currentSubmissionContext', () => {
  it('is empty outside a browser', () => {
    expect(currentSubmissionContext('en')).toEqual({ sourcePage: '', attribution: EMPTY_ATTRIBUTION, language: 'en' });
  });
});
