// SPEC §7 "Email fallback": a pre-filled e-mail to the company with what the
// visitor has typed so far, for people who would rather not submit a form.
import { business } from '@/config/business';
import { chosenCity, CITY_OPTIONS, CONTACT_PROBLEM_OPTIONS, HOME_AGE_OPTIONS, HOME_ISSUE_OPTIONS, optionLabel, URGENCY_OPTIONS } from './options';

export type MailtoValues = {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  address?: string;
  city?: string;
  /** The town typed when the city is 'Other nearby city'. */
  otherCity?: string;
  homeAge?: string;
  issues?: readonly string[];
  description?: string;
  urgency?: string;
};

const t = (v: string | undefined): string => (v ?? '').trim();

export function mailtoSubject(v: MailtoValues): string {
  return `Drain Assessment Request - ${t(v.firstName)} ${t(v.lastName)}`;
}

/** The body lines, joined with CRLF as RFC 6068 asks for line breaks. */
export function mailtoBody(v: MailtoValues): string {
  const labelOr = (options: Parameters<typeof optionLabel>[0], value: string | undefined, fallback: string) =>
    t(value) ? optionLabel(options, t(value)) : fallback;
  const issues = (v.issues ?? []).map((i) => optionLabel([...HOME_ISSUE_OPTIONS, ...CONTACT_PROBLEM_OPTIONS], i));
  return [
    `Name: ${t(v.firstName)} ${t(v.lastName)}`,
    `Email: ${t(v.email)}`,
    `Phone: ${t(v.phone)}`,
    `Address: ${t(v.address) || 'Not provided'}`,
    `City: ${labelOr(CITY_OPTIONS, chosenCity(v), 'Not specified')}`,
    `Home age: ${labelOr(HOME_AGE_OPTIONS, v.homeAge, 'Not specified')}`,
    `Issues: ${issues.length > 0 ? issues.join(', ') : 'Not specified'}`,
    `Description: ${t(v.description) || 'Not provided'}`,
    `Timeline: ${labelOr(URGENCY_OPTIONS, v.urgency, 'Not specified')}`,
  ].join('\r\n');
}

/** `mailto:{email}?subject=…&body=…`, both parts percent-encoded. */
export function buildMailtoHref(v: MailtoValues, to: string = business.email): string {
  return `mailto:${to}?subject=${encodeURIComponent(mailtoSubject(v))}&body=${encodeURIComponent(mailtoBody(v))}`;
}
