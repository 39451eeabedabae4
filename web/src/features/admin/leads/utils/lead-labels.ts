// How a lead's stored values read for staff. The option lists are the
// public forms' own (features/lead-form/options.ts), handed in by the
// routes layer, so a label changed on the form changes here too.

import { sitePath } from '@/lib/site-path';

export type OptionList = readonly { readonly value: string; readonly label: string }[];

/** The public forms' option lists the inbox needs. */
export type LeadOptionLists = {
  cities: OptionList;
  homeAges: OptionList;
  urgencies: OptionList;
  /** The shared form's issues (home, city and service pages). */
  homeIssues: OptionList;
  /** The /contact page's problems. */
  contactProblems: OptionList;
};

/** 'water-backups' → 'Water backups': for a form variant the inbox does not know. */
export function humanize(value: string): string {
  const words = value.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : value;
}

/**
 * The label of a value a list knows; anything else is what the visitor typed
 * (an 'Other nearby city', a home age like '1950s': the server keeps
 * optional answers it does not know as given) and is shown as given.
 */
export function optionLabel(list: OptionList, value: string): string {
  return list.find((o) => o.value === value)?.label ?? value;
}

/**
 * The issues as labels. Both forms send 'bad-odors' with different labels,
 * so the list of the form the lead came from is asked first.
 */
export function issueLabels(issues: readonly string[], formVariant: string, lists: LeadOptionLists): string[] {
  const [first, second] =
    formVariant === 'contact' ? [lists.contactProblems, lists.homeIssues] : [lists.homeIssues, lists.contactProblems];
  return issues.map(
    (value) => first.find((o) => o.value === value)?.label ?? optionLabel(second, value),
  );
}

export function formVariantLabel(formVariant: string): string {
  switch (formVariant) {
    case 'home':
      return 'Inspection form (home, city or service page)';
    case 'contact':
      return 'Contact page form';
    default:
      return formVariant ? humanize(formVariant) : 'Unknown';
  }
}

export type LeadFilter = 'all' | 'unread' | 'overdue' | 'spam';

/** The inbox's views, in tab order (the server's ListLeads filters). */
export const LEAD_FILTERS: readonly { value: LeadFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'spam', label: 'Spam' },
];

/** The filter of a query string value; anything unknown is 'all'. */
export function parseLeadFilter(value: string | null): LeadFilter {
  return LEAD_FILTERS.some((f) => f.value === value) ? (value as LeadFilter) : 'all';
}

/** Where a lead is in the pipeline (the server's Lead.status). */
export type LeadStatus = 'new' | 'contacted' | 'scheduled' | 'won' | 'lost' | 'spam';

/** The statuses in pipeline order, with the words staff see. */
export const LEAD_STATUSES: readonly { value: LeadStatus; label: string }[] = [
  { value: 'new', label: 'New' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'won', label: 'Won' },
  { value: 'lost', label: 'Lost' },
  { value: 'spam', label: 'Spam' },
];

/** The statuses the inbox filters by: spam has its own view (?filter=spam). */
export type PipelineStatus = Exclude<LeadStatus, 'spam'>;
export const PIPELINE_STATUSES = LEAD_STATUSES.filter(
  (s): s is { value: PipelineStatus; label: string } => s.value !== 'spam',
);

/** "Contacted" for 'contacted'; a lead stored before the pipeline existed has no status and is new. */
export function statusLabel(status: string): string {
  if (status === '') return 'New';
  return LEAD_STATUSES.find((s) => s.value === status)?.label ?? humanize(status);
}

/** A filterable status of a query string value, or '' (every status). */
export function parsePipelineStatus(value: string | null): PipelineStatus | '' {
  return PIPELINE_STATUSES.find((s) => s.value === value)?.value ?? '';
}

/** The utm_source value the server uses for leads that came without one. */
export const DIRECT_SOURCE = 'direct';

/** A source as staff read it: 'direct' is a visit without a campaign. */
export function sourceLabel(source: string): string {
  return source === DIRECT_SOURCE || source === '' ? 'Direct (no campaign)' : source;
}

/** A tel: address for a phone as typed: digits and a leading +. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[^\d]/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/**
 * The source page as a same-site link, or null when it is not a site path.
 * The value comes from the visitor's browser, so it is read as a browser
 * would read a link (lib/site-path): "/\t/evil.example" (a tab inside
 * "//"), "/\\evil.example" and "javascript:" are shown as text, never
 * linked.
 */
export function sourcePageHref(sourcePage: string, origin?: string): string | null {
  return sitePath(sourcePage, origin);
}

/** What the inbox names a lead whose personal data was erased (issue 39). */
export const ERASED_NAME = 'Erased lead';

/**
 * A lead's name for people: its first and last name; once its personal
 * data was erased (its names are empty then), ERASED_NAME.
 */
export function leadName(lead: { firstName: string; lastName: string; erasedAt?: string | null }): string {
  if (lead.erasedAt) return ERASED_NAME;
  return `${lead.firstName} ${lead.lastName}`.trim();
}

/**
 * The primary subtag of a lead's language (a BCP 47 tag, issue 40), lower
 * case: 'es' for 'es-MX'; '' when the lead has none.
 */
export function primaryLanguage(tag: string | undefined): string {
  return (tag ?? '').split('-')[0]!.toLowerCase();
}

/** What staff read on a lead from the Spanish site (the office e-mail says it too). */
export const PREFERS_SPANISH = 'Prefers Spanish';

/** Whether a lead came from the Spanish site: its language's primary subtag is 'es' (any region). */
export function prefersSpanish(tag: string | undefined): boolean {
  return primaryLanguage(tag) === 'es';
}

/**
 * A lead's language for people: its English name and the tag as the form
 * sent it ('Mexican Spanish (es-MX)', 'Canadian French (fr-CA)', 'Spanish
 * (es)'); the tag alone when the browser has no name for it; '' for none.
 */
export function languageLabel(tag: string | undefined): string {
  if (!tag) return '';
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(tag);
  } catch {
    name = undefined; // not a tag the browser reads
  }
  return name && name.toLowerCase() !== tag.toLowerCase() ? `${name} (${tag})` : tag;
}
