// Client-side rules of both contact forms (SPEC §5). Every failure of a SPEC
// field — missing, wrong type or broken rule — carries SPEC's own message,
// never zod's generic defaults. The server (proto contact.v1) applies the
// same rules with the same messages, so a bypassed client changes nothing.
// The messages stay SPEC's English here: a form shows each in the page's
// language (messages.ts), as it does the server's.
import { z } from 'zod';
import {
  CONTACT_PROBLEM_OPTIONS,
  HOME_AGE_OPTIONS,
  HOME_ISSUE_OPTIONS,
  optionValues,
  URGENCY_OPTIONS,
  type Option,
} from './options';

export const VALIDATION_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Valid email is required',
  phone: 'Phone number is required',
  description: 'Please describe your drain issue (minimum 10 characters)',
  issues: 'Please select at least one issue',
  // Only a tampered page can break these.
  homeAge: 'Please choose an age range from the list',
  urgency: 'Please choose a timeline from the list',
  issueChoice: 'Please choose issues from the list',
} as const;

const M = VALIDATION_MESSAGES;

export const PHONE_MIN_LENGTH = 10;
export const DESCRIPTION_MIN_LENGTH = 10;

/** A trimmed string whose missing or non-string value also reports `message`. */
function text(message: string) {
  return z.string({ required_error: message, invalid_type_error: message }).trim();
}

/** An optional free-text field: absent means ''. */
const optionalText = z.string().trim().default('');

/** An optional choice from `options`; '' means not chosen. */
function choice<const T extends readonly [Option, ...Option[]]>(options: T, message: string) {
  const values = optionValues(options);
  return z.enum(['', ...values], { errorMap: () => ({ message }) }).default('');
}

/** A list of values from `options`; a missing or non-list value reports `message`. */
function issueList<const T extends readonly [Option, ...Option[]]>(options: T, message: string) {
  return z.array(z.enum(optionValues(options), { errorMap: () => ({ message: M.issueChoice }) }), {
    required_error: message,
    invalid_type_error: message,
  });
}

/** The person's name and how to reach them: the same on both forms. */
const contactDetails = {
  firstName: text(M.firstName).min(1, M.firstName),
  lastName: text(M.lastName).min(1, M.lastName),
  email: text(M.email).email(M.email),
  phone: text(M.phone).min(PHONE_MIN_LENGTH, M.phone),
  address: optionalText,
  // One of the eight cities, OTHER_CITY (then otherCity says which), or ''.
  // The server takes any text here, so nothing typed is refused.
  city: optionalText,
  otherCity: optionalText,
  // The honeypot is never validated: the server quietly marks filled ones as spam.
  website: z.string().default(''),
};

/** The shared form of the home, city and service pages. */
export const homeLeadSchema = z.object({
  ...contactDetails,
  homeAge: choice(HOME_AGE_OPTIONS, M.homeAge),
  urgency: choice(URGENCY_OPTIONS, M.urgency),
  issues: issueList(HOME_ISSUE_OPTIONS, M.issues).min(1, M.issues),
  description: optionalText,
});

/** The /contact page form. */
export const contactPageSchema = z.object({
  ...contactDetails,
  issues: issueList(CONTACT_PROBLEM_OPTIONS, M.issueChoice).default([]),
  description: text(M.description).min(DESCRIPTION_MIN_LENGTH, M.description),
});

export type HomeLeadFormValues = z.input<typeof homeLeadSchema>;
export type HomeLeadData = z.output<typeof homeLeadSchema>;
export type ContactPageFormValues = z.input<typeof contactPageSchema>;
export type ContactPageData = z.output<typeof contactPageSchema>;
