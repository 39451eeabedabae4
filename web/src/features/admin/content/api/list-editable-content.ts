import type { WithSpanish } from '@/features/editable-content';
import type { EditableContentJson } from '@/gen/trenchless/content/v1/content_pb';
import type { Emitted } from '@/lib/api-types';

/**
 * One editable site text as the staff API sends it: its English text, and
 * its Spanish text with that text's own version and last change (issue 40;
 * absent when it has none and the Spanish site shows the English one).
 */
export type EditableContent = WithSpanish<Emitted<EditableContentJson>>;

/**
 * The public lists every page reads its texts from (GET /api/editable-content,
 * a bare array, in English or ?locale=es in Spanish; features/editable-content
 * reads them). The Site Content tab reads the staff endpoints instead
 * (get-admin-content), and every write updates and invalidates these keys,
 * so the site re-reads them.
 */
export { editableContentKey, editableContentQueryKey } from '@/features/editable-content';
