import type { EditableContentJson } from '@/gen/trenchless/content/v1/content_pb';
import type { Emitted } from '@/lib/api-types';

/** One editable site text as the API sends it. */
export type EditableContent = Emitted<EditableContentJson>;

/**
 * The public list every page reads its texts from (GET /api/editable-content,
 * a bare array; features/editable-content reads it). The Site Content tab
 * reads the staff endpoints instead (get-admin-content), and every write
 * updates and invalidates this key, so the site re-reads it.
 */
export const editableContentQueryKey = ['/api/editable-content'] as const;
