// Staff-editable site text (SPEC §4, ADR 0003): the Editable element every
// page uses, and the list it reads. The editing code under edit-mode/ is a
// lazy chunk; nothing here pulls it into a visitor's page.
export { Editable, type EditableProps } from './Editable';
export {
  editableContentKey,
  editableContentQueryKey,
  embeddedEditableContent,
  getEditableContent,
  getEditableContentQueryOptions,
  useEditableContent,
  useEditableItem,
  type EditableContentItem,
} from './api/get-editable-content';
export { escapeHtml, fillParams } from './fill-params';
export { EditModeLayer } from './EditModeLayer';
export { inLocale, pageLocale, useEditableLocale, type EditableLocale, type WithSpanish } from './locale';
