// What the forms say about what was typed or sent, in the page's language
// (issue 40). The forms' own rules (schema.ts) and the server answer in
// SPEC's English words; each known message has its twin here, looked up by
// those words when it is shown, so a Spanish page never shows English. A
// message the table does not know is shown as it is on an English page; on
// a Spanish page the field's own rule says it instead (every failure of a
// SPEC field reads as its rule on the client too), and a toast falls back
// to the form's own failure text.
import '@/locales/lead-form/en';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DEFAULT_LOCALE } from '@/i18n/locale';
import { fieldViolations, serverMessage } from '@/lib/api-errors';
import { VALIDATION_MESSAGES } from './schema';

/** The twins of SPEC §5's rules, by VALIDATION_MESSAGES' names (the server checks the same rules with the same words). */
const RULES = {
  firstName: msg`First name is required`,
  lastName: msg`Last name is required`,
  email: msg`Valid email is required`,
  phone: msg`Phone number is required`,
  description: msg`Please describe your drain issue (minimum 10 characters)`,
  issues: msg`Please select at least one issue`,
  homeAge: msg`Please choose an age range from the list`,
  urgency: msg`Please choose a timeline from the list`,
  issueChoice: msg`Please choose issues from the list`,
} as const satisfies Record<keyof typeof VALIDATION_MESSAGES, MessageDescriptor>;

/**
 * The other answers POST /api/contact can give a visitor, as the server
 * words them: the contact service's (contact.proto, contactgrpc) and the
 * gateway's (httperr, edge). messages.test.ts finds each in its source.
 */
export const SERVER_MESSAGES = {
  formVariant: 'Form variant must be home or contact',
  leadNotStored: "We couldn't send your request just now. Please call us or e-mail us and we'll take care of it right away.",
  unavailable: 'This service is temporarily unavailable. Please try again in a moment, or call us.',
  internal: 'Something went wrong on our side. Please try again, or call us.',
  timeout: 'The request took too long. Please try again.',
  cancelled: 'The request was cancelled.',
  tooLarge: 'The request is too large.',
  notJson: 'The request body is not valid JSON.',
  lengthRequired: 'Send the request body with a Content-Length header.',
  crossOrigin: 'This request must come from the site itself.',
} as const;

const SERVER_TWINS = {
  formVariant: msg`Form variant must be home or contact`,
  leadNotStored: msg`We couldn't send your request just now. Please call us or e-mail us and we'll take care of it right away.`,
  unavailable: msg`This service is temporarily unavailable. Please try again in a moment, or call us.`,
  internal: msg`Something went wrong on our side. Please try again, or call us.`,
  timeout: msg`The request took too long. Please try again.`,
  cancelled: msg`The request was cancelled.`,
  tooLarge: msg`The request is too large.`,
  notJson: msg`The request body is not valid JSON.`,
  lengthRequired: msg`Send the request body with a Content-Length header.`,
  crossOrigin: msg`This request must come from the site itself.`,
} as const satisfies Record<keyof typeof SERVER_MESSAGES, MessageDescriptor>;

/** Each known message's twin, by its English words. */
const TWINS: ReadonlyMap<string, MessageDescriptor> = new Map([
  ...(Object.keys(RULES) as (keyof typeof RULES)[]).map((k) => [VALIDATION_MESSAGES[k], RULES[k]] as const),
  ...(Object.keys(SERVER_TWINS) as (keyof typeof SERVER_TWINS)[]).map((k) => [SERVER_MESSAGES[k], SERVER_TWINS[k]] as const),
]);

/** Messages with a number in them: the gateway's rate limit (edge/hardening.go) and protovalidate's string.max_len. */
const PATTERNS: readonly (readonly [RegExp, (m: RegExpExecArray) => MessageDescriptor])[] = [
  [
    /^Too many attempts\. Please wait (\d+) seconds and try again, or call us\.$/,
    ([, seconds = '']) => msg`Too many attempts. Please wait ${seconds} seconds and try again, or call us.`,
  ],
  [/^must be at most (\d+) characters$/, ([, max = '']) => msg`must be at most ${max} characters`],
];

/** What a field the table does not know a message for says instead on a Spanish page: its rule. */
const FIELD_RULES: Readonly<Record<string, MessageDescriptor>> = {
  firstName: RULES.firstName,
  lastName: RULES.lastName,
  email: RULES.email,
  phone: RULES.phone,
  description: RULES.description,
  homeAge: RULES.homeAge,
  urgency: RULES.urgency,
  issues: RULES.issueChoice,
};

const CHECK_FIELD = msg`Please check this field`;

/** A known message in i18n's language; null for one the table does not know. */
export function knownMessage(i18n: I18n, message: string): string | null {
  const twin = TWINS.get(message);
  if (twin) return i18n._(twin);
  for (const [pattern, twinOf] of PATTERNS) {
    const m = pattern.exec(message);
    if (m) return i18n._(twinOf(m));
  }
  return null;
}

const isEnglish = (i18n: I18n) => i18n.locale === DEFAULT_LOCALE;

/**
 * What the form shows under `field` for `message` (the form's rule or the
 * server's, by the request's field name), in i18n's language.
 */
export function fieldMessage(i18n: I18n, field: string, message: string): string {
  return knownMessage(i18n, message) ?? (isEnglish(i18n) ? message : i18n._(FIELD_RULES[field] ?? CHECK_FIELD));
}

/**
 * The failure toast's description for a refused or failed submission, in
 * i18n's language; null when the server sent no words of its own, or (on a
 * Spanish page) none the table knows: the form's own failure text then.
 * English pages show the server's message as it is (SPEC §8). A refusal's
 * message is its field problems joined: a Spanish page joins their twins
 * the same way.
 */
export function failureMessage(i18n: I18n, err: unknown): string | null {
  const message = serverMessage(err);
  if (message === null || isEnglish(i18n)) return message;
  const problems = fieldViolations(err);
  if (problems.length > 0) return joinSentences(problems.map((p) => fieldMessage(i18n, p.field, p.message)));
  return knownMessage(i18n, message);
}

/** Sentences joined as the gateway joins a refusal's problems (httperr): each once, '. ' between, one '.' at the end. */
function joinSentences(messages: readonly string[]): string {
  return [...new Set(messages.map((m) => m.replace(/\.$/, '')))].join('. ') + '.';
}
