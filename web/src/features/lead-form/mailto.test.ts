import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { business } from '@/config/business';
import { messages as en } from '@/locales/en';
import { messages as es } from '@/locales/es';
import { buildMailtoHref, mailtoBody as mailtoBodyIn, mailtoSubject as mailtoSubjectIn, type MailtoValues } from './mailto';

const english = setupI18n({ locale: 'en', messages: { en } });
const spanish = setupI18n({ locale: 'es', messages: { es } });

// SPEC's wording is the English page's.
const mailtoBody = (v: MailtoValues) => mailtoBodyIn(english, v);
const mailtoSubject = (v: MailtoValues) => mailtoSubjectIn(english, v);

const full = {
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria@example.com',
  phone: '(480) 555-0199',
  address: '1234 E Camelback Rd',
  city: 'scottsdale',
  homeAge: 'pre-1980',
  issues: ['frequent-clogs', 'gurgling'],
  description: 'Toilet gurgles when the washer drains & the yard smells.',
  urgency: 'soon',
};

function decode(href: string) {
  const url = new URL(href);
  return {
    protocol: url.protocol,
    to: url.pathname,
    subject: url.searchParams.get('subject'),
    body: url.searchParams.get('body'),
  };
}

describe('e-mail fallback (SPEC §7)', () => {
  it("names the town typed for 'Other nearby city', and the /contact page's problems by label", () => {
    const body = mailtoBody({ ...full, city: 'other-city', otherCity: 'Cave Creek', issues: ['water-backups'] });
    expect(body).toContain('City: Cave Creek\r\n');
    expect(body).toContain('Issues: Water backups\r\n');
  });

  it('writes the subject with the name', () => {
    expect(mailtoSubject(full)).toBe('Drain Assessment Request - Maria Lopez');
  });

  it('lists every field with labels, one per CRLF line', () => {
    expect(mailtoBody(full)).toBe(
      [
        'Name: Maria Lopez',
        'Email: maria@example.com',
        'Phone: (480) 555-0199',
        'Address: 1234 E Camelback Rd',
        'City: Scottsdale',
        'Home age: Before 1980',
        'Issues: Frequent clogs or backups, Gurgling sounds',
        'Description: Toilet gurgles when the washer drains & the yard smells.',
        'Timeline: As soon as possible',
      ].join('\r\n'),
    );
  });

  it('fills the optional fields that were left empty', () => {
    const body = mailtoBody({
      firstName: ' Maria ',
      lastName: 'Lopez',
      email: 'maria@example.com',
      phone: '4805550199',
      address: '',
      city: '',
      homeAge: '',
      issues: [],
      description: '   ',
      urgency: '',
    });
    expect(body).toBe(
      [
        'Name: Maria Lopez',
        'Email: maria@example.com',
        'Phone: 4805550199',
        'Address: Not provided',
        'City: Not specified',
        'Home age: Not specified',
        'Issues: Not specified',
        'Description: Not provided',
        'Timeline: Not specified',
      ].join('\r\n'),
    );
  });

  it('encodes subject and body into a mailto link to the company address', () => {
    const href = buildMailtoHref(english, full);
    expect(href.startsWith(`mailto:${business.email}?subject=Drain%20Assessment%20Request%20-%20Maria%20Lopez&body=`)).toBe(
      true,
    );
    expect(href).toContain('%0D%0A');
    expect(href).not.toMatch(/\s/);
    // "&" inside the description must not start a new parameter.
    expect(href.split('&')).toHaveLength(2);
    const parts = decode(href);
    expect(parts).toEqual({
      protocol: 'mailto:',
      to: business.email,
      subject: 'Drain Assessment Request - Maria Lopez',
      body: mailtoBody(full),
    });
  });

  it('sends to another address when asked', () => {
    expect(buildMailtoHref(english, full, 'office@example.org').startsWith('mailto:office@example.org?subject=')).toBe(true);
  });
});

describe('e-mail fallback on a Spanish page (issue 40)', () => {
  it('writes the subject and every line in Spanish, with the options as the visitor read them', () => {
    expect(mailtoSubjectIn(spanish, full)).toBe('Solicitud de evaluación del drenaje - Maria Lopez');
    expect(mailtoBodyIn(spanish, full)).toBe(
      [
        'Nombre: Maria Lopez',
        'Correo electrónico: maria@example.com',
        'Teléfono: (480) 555-0199',
        'Dirección: 1234 E Camelback Rd',
        'Ciudad: Scottsdale',
        'Antigüedad de la casa: Antes de 1980',
        'Problemas: Tapones frecuentes o agua que se regresa, Ruidos de gorgoteo',
        'Descripción: Toilet gurgles when the washer drains & the yard smells.',
        'Plazo: Lo antes posible',
      ].join('\r\n'),
    );
  });

  it('says what was left empty in Spanish', () => {
    const body = mailtoBodyIn(spanish, { firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com', phone: '6025550142' });
    expect(body).toContain('Dirección: No se indicó\r\n');
    expect(body).toContain('Ciudad: No se especificó\r\n');
    expect(body).toContain('Problemas: No se especificó\r\n');
    expect(body.endsWith('Plazo: No se especificó')).toBe(true);
    expect(buildMailtoHref(spanish, { firstName: 'Ana', lastName: 'Ruiz' })).toContain(
      `mailto:${business.email}?subject=Solicitud%20de%20evaluaci%C3%B3n%20del%20drenaje%20-%20Ana%20Ruiz&body=`,
    );
  });
});
