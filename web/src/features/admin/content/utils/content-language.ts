// The Site Content tab's two languages (issue 40): every text has its
// English; its Spanish may be missing, and the Spanish site then shows the
// English text (the fallback). The list shows and searches either language
// and can keep only the texts missing their Spanish; the edit form edits
// either.
import type { EditableLocale } from '@/features/editable-content';
import type { EditableContent } from '../api/list-editable-content';

export const CONTENT_LANGUAGES: readonly { value: EditableLocale; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Spanish (Español)' },
];

/** The language named in the address (?lang=es); anything else is English. */
export function readLanguage(value: string | null): EditableLocale {
  return value === 'es' ? 'es' : 'en';
}

/** Whether the text has its Spanish. */
export function hasSpanish(item: EditableContent): boolean {
  return item.contentEs !== undefined;
}

/**
 * The text as the Spanish edit form holds it: its Spanish (empty when there
 * is none yet) with the Spanish text's own version and last change, so the
 * form's conflict rules apply to the Spanish text alone.
 */
export function spanishView(item: EditableContent): EditableContent {
  return {
    ...item,
    content: item.contentEs ?? '',
    version: item.versionEs ?? '0',
    updatedAt: item.updatedAtEs ?? '',
    updatedBy: item.updatedByEs ?? '',
  };
}

/** The text in the language the form edits. */
export function contentIn(item: EditableContent, locale: EditableLocale): EditableContent {
  return locale === 'es' ? spanishView(item) : item;
}

/** "3 texts have no Spanish yet", or that every one has. */
export function missingText(count: number): string {
  if (count === 0) return 'Every text has its Spanish';
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'text has' : 'texts have'} no Spanish yet`;
}

/** The address of a text's edit form in a language. */
export function contentEditPath(contentKey: string, locale: EditableLocale = 'en'): string {
  return `/admin/content/edit/${encodeURIComponent(contentKey)}${locale === 'es' ? '?lang=es' : ''}`;
}
