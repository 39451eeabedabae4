// The language of the editable texts a page shows (issue 40): English at the
// site's paths, Spanish under /es. A Spanish page reads the Spanish list
// (GET /api/editable-content?locale=es: each item's Spanish text, or its
// English one marked fallback) and edit mode saves its texts' Spanish.
import type { EditableContentJson } from '@/gen/trenchless/content/v1/content_pb';
import type { Emitted } from '@/lib/api-types';

export type EditableLocale = 'en' | 'es';

/** The path prefix of the Spanish pages. */
const SPANISH_PREFIX = '/es';

function isSpanishPath(pathname: string): boolean {
  return pathname === SPANISH_PREFIX || pathname.startsWith(`${SPANISH_PREFIX}/`);
}

/**
 * The language of the page at `pathname` (the current one by default):
 * Spanish for /es and everything under it, else the document's language
 * (`<html lang>`, which the build writes per page), else English.
 */
export function pageLocale(pathname?: string): EditableLocale {
  if (pathname === undefined && typeof window === 'undefined') return 'en';
  if (isSpanishPath(pathname ?? window.location.pathname)) return 'es';
  if (pathname === undefined && typeof document !== 'undefined' && document.documentElement.lang.toLowerCase().startsWith('es')) return 'es';
  return 'en';
}

/**
 * The language of the page's texts, for components. Today the path read
 * when the component renders (each navigation renders the page anew); the
 * site's useLocale() (src/i18n) can take its place.
 */
export function useEditableLocale(): EditableLocale {
  return pageLocale();
}

/**
 * The language of the document as the server sent it, read once when this
 * module loads (before any navigation): the language of the page's
 * editable-content data block. After a client-side switch of language the
 * block is the other language's, and the new language's list is fetched.
 */
const SERVED_LOCALE: EditableLocale | undefined = typeof window === 'undefined' ? undefined : pageLocale();

export function servedLocale(): EditableLocale | undefined {
  return SERVED_LOCALE;
}

type SpanishKeys = 'contentEs' | 'versionEs' | 'updatedAtEs' | 'updatedByEs';

/**
 * An API item type with the staff read's Spanish fields as they come: absent
 * (updatedAtEs null) when the item has no Spanish text, which `Emitted`
 * would otherwise claim is always there.
 */
export type WithSpanish<T> = Omit<T, SpanishKeys> & {
  contentEs?: string;
  versionEs?: string;
  updatedAtEs?: string | null;
  updatedByEs?: string;
};

/** An item as the staff API sends it: both languages. */
type StaffItem = WithSpanish<Pick<Emitted<EditableContentJson>, 'contentKey' | 'content' | 'contentType'> & Partial<Emitted<EditableContentJson>>>;

/**
 * A staff read of an item (both languages) as the public list in `locale`
 * shows it: in Spanish its Spanish text with that text's version and last
 * change, or its English text marked fallback (version 0: a first Spanish
 * save is based on none). In English, the item as it is.
 */
export function inLocale<T extends StaffItem>(item: T, locale: EditableLocale): T {
  if (locale === 'en') return item;
  if (item.contentEs === undefined) return { ...item, locale: 'en', fallback: true, version: '0' };
  return {
    ...item,
    content: item.contentEs,
    locale: 'es',
    fallback: false,
    version: item.versionEs ?? '0',
    ...(item.updatedAtEs ? { updatedAt: item.updatedAtEs } : {}),
    updatedBy: item.updatedByEs ?? '',
  };
}
