// The two POST /api/contact bodies of SPEC §7, built from validated form
// data, plus the page's language (issue 40: an optional field SPEC's
// payloads do not send, which the API accepts with or without).
import type { Locale } from '@/i18n/locale';
import { currentAttribution, type Attribution } from './attribution';
import { chosenCity } from './options';
import type { SubmitInspectionRequestRequestJson } from '@/gen/trenchless/contact/v1/contact_pb';
import type { Emitted } from '@/lib/api-types';
import type { ContactPageData, HomeLeadData } from './schema';

/** Where the request was sent from; the same for both forms. */
export type SubmissionContext = {
  /** The site path, e.g. /scottsdale. */
  sourcePage: string;
  attribution: Attribution;
  /** The page's language (issue 40): the lead records it, and staff see a Spanish one as preferring Spanish. */
  language: Locale;
};

/**
 * The request's fields as the proto names them (web/src/gen): a field
 * renamed or removed in contact.proto breaks the build here, not in
 * production.
 */
type Fields = Emitted<SubmitInspectionRequestRequestJson>;

/** The shared form of the home, city and service pages. */
export type HomeInspectionRequest = Pick<
  Fields,
  'firstName' | 'lastName' | 'email' | 'phone' | 'address' | 'city' | 'homeAge' | 'issues' | 'description' | 'urgency' | 'sourcePage' | 'website' | 'language'
> & { formVariant: 'home'; attribution: Attribution };

/** The /contact page form: the fields it does not ask for are sent as null (SPEC §7). */
export type ContactPageInspectionRequest = Pick<
  Fields,
  'firstName' | 'lastName' | 'email' | 'phone' | 'description' | 'sourcePage' | 'website' | 'language'
> & {
  formVariant: 'contact';
  address: Fields['address'] | null;
  city: Fields['city'] | null;
  urgency: null;
  issues: Fields['issues'] | null;
  homeAge: null;
  previousRepairs: null;
  preferredContactTime: null;
  hasVideo: false;
  attribution: Attribution;
};

export type InspectionRequest = HomeInspectionRequest | ContactPageInspectionRequest;

export function toHomeInspectionRequest(data: HomeLeadData, ctx: SubmissionContext): HomeInspectionRequest {
  return {
    formVariant: 'home',
    firstName: data.firstName,
    lastName: data.lastName,
    email: data.email,
    phone: data.phone,
    address: data.address,
    city: chosenCity(data),
    homeAge: data.homeAge,
    issues: [...data.issues],
    description: data.description,
    urgency: data.urgency,
    sourcePage: ctx.sourcePage,
    attribution: { ...ctx.attribution },
    website: data.website,
    language: ctx.language,
  };
}

export function toContactPageInspectionRequest(
  data: ContactPageData,
  ctx: SubmissionContext,
): ContactPageInspectionRequest {
  return {
    formVariant: 'contact',
    firstName: data.firstName,
    lastName: data.lastName,
    email: data.email,
    phone: data.phone,
    address: data.address || null,
    city: chosenCity(data) || null,
    urgency: null,
    issues: data.issues.length > 0 ? [...data.issues] : null,
    homeAge: null,
    previousRepairs: null,
    description: data.description,
    preferredContactTime: null,
    hasVideo: false,
    sourcePage: ctx.sourcePage,
    attribution: { ...ctx.attribution },
    website: data.website,
    language: ctx.language,
  };
}

/** The page, attribution and language of a submission made now, in the browser, from a page in `language`. */
export function currentSubmissionContext(language: Locale): SubmissionContext {
  return {
    sourcePage: typeof window === 'undefined' ? '' : window.location.pathname,
    attribution: currentAttribution(),
    language,
  };
}
