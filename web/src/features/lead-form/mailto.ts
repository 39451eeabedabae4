// SPEC §7 "Email fallback": a pre-filled e-mail to the company with what the
// visitor has typed so far, for people who would rather not submit a form.
// It is written in the page's language (the visitor reads the draft first;
// a Spanish one tells the office at once which language to answer in).
import '@/locales/lead-form/en';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { business } from '@/config/business';
import { chosenCity, CITY_OPTIONS, CONTACT_PROBLEM_OPTIONS, HOME_AGE_OPTIONS, HOME_ISSUE_OPTIONS, optionLabel, URGENCY_OPTIONS, type Option } from './options';

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

const trimmed = (v: string | undefined): string => (v ?? '').trim();

export function mailtoSubject(i18n: I18n, v: MailtoValues): string {
  const name = `${trimmed(v.firstName)} ${trimmed(v.lastName)}`;
  return i18n._(msg`Drain Assessment Request - ${name}`);
}

/** The body lines, in i18n's language, joined with CRLF as RFC 6068 asks for line breaks. */
export function mailtoBody(i18n: I18n, v: MailtoValues): string {
  const notSpecified = i18n._(msg`Not specified`);
  const notProvided = i18n._(msg`Not provided`);
  const labelOr = (options: readonly Option[], value: string | undefined) =>
    trimmed(value) ? optionLabel(i18n, options, trimmed(value)) : notSpecified;
  const issueList = (v.issues ?? []).map((i) => optionLabel(i18n, [...HOME_ISSUE_OPTIONS, ...CONTACT_PROBLEM_OPTIONS], i));
  // One variable per placeholder, so the catalog shows {name}, {email}…
  const name = `${trimmed(v.firstName)} ${trimmed(v.lastName)}`;
  const email = trimmed(v.email);
  const phone = trimmed(v.phone);
  const address = trimmed(v.address) || notProvided;
  const city = labelOr(CITY_OPTIONS, chosenCity(v));
  const homeAge = labelOr(HOME_AGE_OPTIONS, v.homeAge);
  const issues = issueList.length > 0 ? issueList.join(', ') : notSpecified;
  const description = trimmed(v.description) || notProvided;
  const timeline = labelOr(URGENCY_OPTIONS, v.urgency);
  return [
    i18n._(msg`Name: ${name}`),
    i18n._(msg`Email: ${email}`),
    i18n._(msg`Phone: ${phone}`),
    i18n._(msg`Address: ${address}`),
    i18n._(msg`City: ${city}`),
    i18n._(msg`Home age: ${homeAge}`),
    i18n._(msg`Issues: ${issues}`),
    i18n._(msg`Description: ${description}`),
    i18n._(msg`Timeline: ${timeline}`),
  ].join('\r\n');
}

/** `mailto:{email}?subject=…&body=…`, both parts percent-encoded, in i18n's language. */
export function buildMailtoHref(i18n: I18n, v: MailtoValues, to: string = business.email): string {
  return `mailto:${to}?subject=${encodeURIComponent(mailtoSubject(i18n, v))}&body=${encodeURIComponent(mailtoBody(i18n, v))}`;
}
