// The staff area's rich-text editor: see RichTextEditor.tsx for its props.
export { EDITOR_HEIGHT, RichTextEditor, type RichTextEditorHandle, type RichTextEditorProps } from './RichTextEditor';
export { displayImageSrc, FALLBACK_IMAGE_SRC } from './insert-image';
export { countWords, readTimeMinutes } from './word-count';
