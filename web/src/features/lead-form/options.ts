// The option lists of both contact forms (SPEC §3 "Form option lists"). The
// values are the ones the server accepts (proto contact.v1). `label` is the
// English (SPEC's wording: staff see it in the inbox, routes/admin/leads.tsx);
// `message` is the same words as a Lingui message, which the forms show in
// the page's language (issue 40). A label without a message reads the same
// in every language (city names, year ranges).

import '@/locales/lead-form/en';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { cities, type CitySlug } from '@/content/cities';

export type Option<V extends string = string> = {
  readonly value: V;
  readonly label: string;
  /** The label in any language; absent when it is the same in all of them. */
  readonly message?: MessageDescriptor;
};

/** The eight service-area cities, from the one city data module. */
export const CITY_OPTIONS = cities.map((c) => ({ value: c.slug, label: c.name })) as unknown as readonly [
  Option<CitySlug>,
  ...Option<CitySlug>[],
];

/**
 * The city select's last choice: a town outside the eight (Cave Creek,
 * Queen Creek…). Choosing it shows a text box; the server keeps what is
 * typed there as given.
 */
export const OTHER_CITY = {
  value: 'other-city',
  label: 'Other nearby city',
  message: msg`Other nearby city`,
} as const satisfies Option;

/** The city select's choices: the eight cities, then OTHER_CITY. */
export const CITY_CHOICES: readonly Option[] = [...CITY_OPTIONS, OTHER_CITY];

/**
 * The city to send: the chosen city's value, or the town typed into the
 * 'Other nearby city' box ('' when none).
 */
export function chosenCity(v: { city?: string | undefined; otherCity?: string | undefined }): string {
  return v.city === OTHER_CITY.value ? (v.otherCity ?? '').trim() : (v.city ?? '');
}

export const HOME_AGE_OPTIONS = [
  { value: 'pre-1980', label: 'Before 1980', message: msg`Before 1980` },
  { value: '1980-1989', label: '1980-1989' },
  { value: '1990-1999', label: '1990-1999' },
  { value: '2000-2009', label: '2000-2009' },
  { value: '2010+', label: '2010 or newer', message: msg`2010 or newer` },
] as const satisfies readonly Option[];

export const URGENCY_OPTIONS = [
  { value: 'this-week', label: 'This week', message: msg`This week` },
  { value: 'this-month', label: 'This month', message: msg`This month` },
  { value: 'planning', label: 'Just planning', message: msg`Just planning` },
  { value: 'soon', label: 'As soon as possible', message: msg`As soon as possible` },
] as const satisfies readonly Option[];

/** The issues of the shared form on the home, city and service pages. */
export const HOME_ISSUE_OPTIONS = [
  { value: 'frequent-clogs', label: 'Frequent clogs or backups', message: msg`Frequent clogs or backups` },
  { value: 'slow-drainage', label: 'Slow drainage', message: msg`Slow drainage` },
  { value: 'bad-odors', label: 'Bad odors from drains', message: msg`Bad odors from drains` },
  { value: 'gurgling', label: 'Gurgling sounds', message: msg`Gurgling sounds` },
  { value: 'other', label: 'Other (describe below)', message: msg`Other (describe below)` },
] as const satisfies readonly Option[];

/** The problems listed by the /contact page form instead. */
export const CONTACT_PROBLEM_OPTIONS = [
  { value: 'slow-drains', label: 'Slow drains', message: msg`Slow drains` },
  { value: 'recurring-clogs', label: 'Recurring clogs', message: msg`Recurring clogs` },
  { value: 'bad-odors', label: 'Bad odors', message: msg`Bad odors` },
  { value: 'gurgling-sounds', label: 'Gurgling sounds', message: msg`Gurgling sounds` },
  { value: 'water-backups', label: 'Water backups', message: msg`Water backups` },
  { value: 'other-issues', label: 'Other issues', message: msg`Other issues` },
] as const satisfies readonly Option[];

type ValueOf<T extends readonly Option[]> = T[number]['value'];

export type City = ValueOf<typeof CITY_OPTIONS>;
export type HomeAge = ValueOf<typeof HOME_AGE_OPTIONS>;
export type Urgency = ValueOf<typeof URGENCY_OPTIONS>;
export type HomeIssue = ValueOf<typeof HOME_ISSUE_OPTIONS>;
export type ContactProblem = ValueOf<typeof CONTACT_PROBLEM_OPTIONS>;

/** The values of an option list as a non-empty tuple, for z.enum. */
export function optionValues<const T extends readonly [Option, ...Option[]]>(
  options: T,
): [ValueOf<T>, ...ValueOf<T>[]] {
  return options.map((o) => o.value) as [ValueOf<T>, ...ValueOf<T>[]];
}

/** An option's label in i18n's language. */
function labelIn(i18n: I18n, o: Option): string {
  return o.message ? i18n._(o.message) : o.label;
}

/** A list with its labels in i18n's language (the page's), for the form's controls. */
export function optionsIn(i18n: I18n, options: readonly Option[]): Option[] {
  return options.map((o) => ({ value: o.value, label: labelIn(i18n, o) }));
}

/** The label of a value in i18n's language, or the value itself when the list does not have it. */
export function optionLabel(i18n: I18n, options: readonly Option[], value: string): string {
  const o = options.find((x) => x.value === value);
  return o ? labelIn(i18n, o) : value;
}
