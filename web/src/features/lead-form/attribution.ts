// Where a visitor came from (UTM tags, Google Ads click id). Read once from
// the URL the visitor landed on and kept in sessionStorage, so a form sent
// pages later in the same visit still carries it (first touch wins).
import type { AttributionJson } from '@/gen/trenchless/contact/v1/contact_pb';
import type { Emitted } from '@/lib/api-types';

/** The proto's Attribution message (contact.proto) as JSON. */
export type Attribution = Emitted<AttributionJson>;

export const EMPTY_ATTRIBUTION: Readonly<Attribution> = Object.freeze({
  utmSource: '',
  utmMedium: '',
  utmCampaign: '',
  gclid: '',
});

export const ATTRIBUTION_STORAGE_KEY = 'lead-attribution';

/** The server stores at most 200 characters of each value. */
export const ATTRIBUTION_MAX_LENGTH = 200;

const QUERY_PARAMS: Record<keyof Attribution, string> = {
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  gclid: 'gclid',
};

const KEYS = Object.keys(QUERY_PARAMS) as Array<keyof Attribution>;

export type AttributionStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * A value as the server keeps it: NUL characters dropped (a crafted link's
 * %00; the server drops them too), trimmed, and capped at 200 characters
 * counted as the server counts them, by code point. Cut by UTF-16 unit, an
 * emoji across the 200th was split in two, and its lone half made every
 * submit of the visit fail (the body was not valid JSON text for the
 * server).
 */
function clean(value: unknown): string {
  if (typeof value !== 'string') return '';
  return Array.from(value.replaceAll('\0', '').trim()).slice(0, ATTRIBUTION_MAX_LENGTH).join('').trim();
}

function hasAny(a: Attribution): boolean {
  return KEYS.some((k) => a[k] !== '');
}

/**
 * The attribution in a query string ("?utm_source=google&gclid=…"), or null
 * when it carries none of the four parameters.
 */
export function parseAttribution(search: string): Attribution | null {
  const params = new URLSearchParams(search);
  const a = { ...EMPTY_ATTRIBUTION };
  for (const k of KEYS) a[k] = clean(params.get(QUERY_PARAMS[k]));
  return hasAny(a) ? a : null;
}

function readStored(storage: AttributionStorage | null): Attribution | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(ATTRIBUTION_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const record = parsed as Record<string, unknown>;
    const a = { ...EMPTY_ATTRIBUTION };
    for (const k of KEYS) a[k] = clean(record[k]);
    return hasAny(a) ? a : null;
  } catch {
    // Unreadable storage or a damaged entry: behave as if nothing was kept.
    return null;
  }
}

function sessionStore(): AttributionStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can be disabled (privacy settings); attribution is best effort.
    return null;
  }
}

function currentSearch(): string {
  return typeof window === 'undefined' ? '' : window.location.search;
}

/**
 * Keeps the landing URL's attribution for this visit. Call it when the app
 * starts; later calls keep the first value. Returns what is kept, or null.
 */
export function captureAttribution(
  search: string = currentSearch(),
  storage: AttributionStorage | null = sessionStore(),
): Attribution | null {
  const stored = readStored(storage);
  if (stored) return stored;
  const parsed = parseAttribution(search);
  if (parsed && storage) {
    try {
      storage.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(parsed));
    } catch {
      // Full or disabled storage: the current page's submission still has it.
    }
  }
  return parsed;
}

/** What a submission carries: the visit's attribution, else empty strings. */
export function currentAttribution(
  search: string = currentSearch(),
  storage: AttributionStorage | null = sessionStore(),
): Attribution {
  return captureAttribution(search, storage) ?? { ...EMPTY_ATTRIBUTION };
}
