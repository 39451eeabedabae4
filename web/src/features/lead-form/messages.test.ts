import { readFileSync } from 'node:fs';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as en } from '@/locales/en';
import { messages as es } from '@/locales/es';
import { ApiError } from '@/lib/api-client';
import { failureMessage, fieldMessage, knownMessage, SERVER_MESSAGES } from './messages';
import { contactPageSchema, homeLeadSchema, VALIDATION_MESSAGES } from './schema';

const english = setupI18n({ locale: 'en', messages: { en } });
const spanish = setupI18n({ locale: 'es', messages: { es } });

/** A file of the repository, from the web app's tests. */
const repoFile = (path: string) => readFileSync(new URL(`../../../../${path}`, import.meta.url), 'utf8');

/** The messages of the rules contact.proto puts on SubmitInspectionRequestRequest (buf.validate). */
function protoRuleMessages(): string[] {
  const proto = repoFile('proto/trenchless/contact/v1/contact.proto');
  const body = /^message SubmitInspectionRequestRequest \{$([\s\S]*?)^\}$/m.exec(proto)?.[1] ?? '';
  return [...body.matchAll(/^\s*message: "([^"]*)"$/gm)].map((m) => m[1]!);
}

/** Where each server message a lead post can get is written (the test fails when one is reworded). */
const SOURCES: Readonly<Record<keyof typeof SERVER_MESSAGES, string>> = {
  formVariant: 'proto/trenchless/contact/v1/contact.proto',
  leadNotStored: 'services/contact/internal/contactgrpc/server.go',
  unavailable: 'services/gateway/internal/httperr/httperr.go',
  internal: 'services/gateway/internal/httperr/httperr.go',
  timeout: 'services/gateway/internal/httperr/httperr.go',
  cancelled: 'services/gateway/internal/httperr/httperr.go',
  tooLarge: 'services/gateway/internal/edge/hardening.go',
  notJson: 'services/gateway/internal/edge/errors.go',
  lengthRequired: 'services/gateway/internal/edge/hardening.go',
  crossOrigin: 'services/gateway/internal/edge/hardening.go',
};

/** The server's messages with a number, as their source writes them, and one as a visitor gets it. */
const FORMATS = [
  {
    file: 'services/gateway/internal/edge/hardening.go',
    source: 'Too many attempts. Please wait %d seconds and try again, or call us.',
    sent: 'Too many attempts. Please wait 42 seconds and try again, or call us.',
    spanish: 'Demasiados intentos. Espere 42 segundos e inténtelo de nuevo, o llámenos.',
  },
  {
    file: 'third_party/proto/buf/validate/validate.proto',
    source: "'must be at most %s characters'",
    sent: 'must be at most 100 characters',
    spanish: 'Debe tener como máximo 100 caracteres',
  },
];

/** A refused or failed POST /api/contact as the API client throws it. */
const refused = (status: number, body: unknown) => new ApiError(status, '', JSON.stringify(body));

function expectSpanishTwin(message: string) {
  const twin = knownMessage(spanish, message);
  expect(twin, message).not.toBeNull();
  expect(twin, message).not.toBe(message);
  expect(knownMessage(english, message), message).toBe(message);
}

describe('the Spanish twins of what the server can say (issue 40)', () => {
  it("has one for every rule contact.proto checks on a submission, in the rule's own words", () => {
    const rules = protoRuleMessages();
    expect(rules).toEqual(
      expect.arrayContaining([VALIDATION_MESSAGES.firstName, VALIDATION_MESSAGES.issues, VALIDATION_MESSAGES.description]),
    );
    expect(rules.length).toBeGreaterThanOrEqual(7);
    for (const message of rules) expectSpanishTwin(message);
  });

  it("has one for every other answer a lead post can get, each still the server's wording", () => {
    for (const [key, message] of Object.entries(SERVER_MESSAGES) as [keyof typeof SERVER_MESSAGES, string][]) {
      expect(repoFile(SOURCES[key]), `${key} in ${SOURCES[key]}`).toContain(JSON.stringify(message).slice(1, -1));
      expectSpanishTwin(message);
    }
    for (const f of FORMATS) {
      expect(repoFile(f.file)).toContain(f.source);
      expect(knownMessage(spanish, f.sent)).toBe(f.spanish);
      expect(knownMessage(english, f.sent)).toBe(f.sent);
    }
  });

  it("has one for every message of the forms' own rules", () => {
    for (const message of Object.values(VALIDATION_MESSAGES)) expectSpanishTwin(message);
  });
});

describe('fieldMessage', () => {
  it("shows the client's validation messages in Spanish on a Spanish page", () => {
    const emptyContact = contactPageSchema.safeParse({});
    const emptyHome = homeLeadSchema.safeParse({ homeAge: '1970s', urgency: 'tomorrow' });
    const shown: Record<string, string> = {};
    for (const issue of [...(emptyContact.error?.issues ?? []), ...(emptyHome.error?.issues ?? [])]) {
      const field = String(issue.path[0]);
      shown[field] ??= fieldMessage(spanish, field, issue.message);
    }
    expect(shown).toEqual({
      firstName: 'El nombre es obligatorio',
      lastName: 'El apellido es obligatorio',
      email: 'Se requiere un correo electrónico válido',
      phone: 'El número de teléfono es obligatorio',
      description: 'Describa el problema de su drenaje (mínimo 10 caracteres)',
      homeAge: 'Elija un rango de años de la lista',
      urgency: 'Elija un plazo de la lista',
      issues: 'Seleccione al menos un problema',
    });
  });

  it('keeps SPEC wording on an English page', () => {
    expect(fieldMessage(english, 'phone', 'Phone number is required')).toBe('Phone number is required');
    expect(fieldMessage(english, 'email', 'Expected string, received number')).toBe('Expected string, received number');
  });

  it("says a message it does not know as the field's rule in Spanish, never in English", () => {
    expect(fieldMessage(spanish, 'email', 'Expected string, received number')).toBe('Se requiere un correo electrónico válido');
    expect(fieldMessage(spanish, 'issues', 'Invalid input')).toBe('Elija los problemas de la lista');
    expect(fieldMessage(spanish, 'address', 'Invalid input')).toBe('Revise este campo');
  });
});

describe('failureMessage', () => {
  const twoProblems = refused(400, {
    message: 'First name is required. Phone number is required.',
    code: 'invalid_argument',
    details: [
      { field: 'firstName', message: 'First name is required', rule: 'first_name.required' },
      { field: 'phone', message: 'Phone number is required', rule: 'phone.min_len' },
    ],
  });

  it("is the server's message as it is on an English page", () => {
    expect(failureMessage(english, twoProblems)).toBe('First name is required. Phone number is required.');
    expect(failureMessage(english, refused(503, { message: SERVER_MESSAGES.unavailable, code: 'unavailable', details: [] }))).toBe(
      SERVER_MESSAGES.unavailable,
    );
  });

  it("joins a refusal's problems in Spanish as the server joins them in English", () => {
    expect(failureMessage(spanish, twoProblems)).toBe('El nombre es obligatorio. El número de teléfono es obligatorio.');
  });

  it("says the gateway's answers in Spanish", () => {
    const unavailable = refused(503, { message: SERVER_MESSAGES.unavailable, code: 'unavailable', details: [] });
    expect(failureMessage(spanish, unavailable)).toBe('Este servicio no está disponible por ahora. Inténtelo de nuevo en un momento o llámenos.');
    const tooMany = refused(429, { message: FORMATS[0]!.sent, code: 'resource_exhausted', details: [] });
    expect(failureMessage(spanish, tooMany)).toBe(FORMATS[0]!.spanish);
  });

  it("leaves the form's own text to a Spanish page when the server's words are unknown or absent", () => {
    expect(failureMessage(spanish, refused(409, { message: 'Some new answer', code: 'aborted', details: [] }))).toBeNull();
    expect(failureMessage(english, refused(409, { message: 'Some new answer', code: 'aborted', details: [] }))).toBe('Some new answer');
    expect(failureMessage(spanish, new ApiError(502, 'Bad Gateway', '<html>bad gateway</html>'))).toBeNull();
    expect(failureMessage(spanish, new TypeError('Failed to fetch'))).toBeNull();
  });
});
