import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import Image from '@tiptap/extension-image';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { EditorContent, useEditor, useEditorState, type CommandProps, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { toast } from '@/components/ui/use-toast';
import editorCss from './rich-text-editor.css?url';
import { ImageDialog } from './ImageDialog';
import type { EditorImage } from './insert-image';
import { LinkDialog, type LinkDialogRequest } from './LinkDialog';
import { Toolbar, type ToolbarHandle } from './Toolbar';
import { IDLE_TOOLBAR_STATE, type ToolbarCommand, type ToolbarState } from './toolbar-items';
import { countWords } from './word-count';
import { StaffStylesheet } from '../StaffStylesheet';

/** SPEC §9 "Editor heights" in pixels: the post form, a block of site text, a line edited in place. */
export const EDITOR_HEIGHT = { admin: 600, block: 400, inline: 200 } as const;

/** What a parent can do to the editor (react-hook-form's field ref focuses it on an error). */
export type RichTextEditorHandle = { focus: () => void };

export type RichTextEditorProps = {
  /** The id of the editable area (the element with role="textbox"). */
  id: string;
  /** The document as HTML. Changing it from outside (a reset, a restored revision) replaces the text. */
  value: string;
  /** Called with the new HTML on every change; '' when the text is empty. */
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** Height of the editing area in pixels (EDITOR_HEIGHT); it scrolls beyond that. Default: admin (600). */
  height?: number;
  /** The id of the visible label (preferred), or… */
  'aria-labelledby'?: string;
  /** …a name when there is no visible label. */
  'aria-label'?: string;
  /** Ids of hints and error messages for the text. */
  'aria-describedby'?: string;
  /** Marks the text invalid (aria-invalid and a red border). */
  invalid?: boolean;
  ref?: Ref<RichTextEditorHandle>;
};

/**
 * The staff area's one rich-text editor (TipTap, bundled): headings 2 and
 * 3, bold, italic, lists, links, tables, uploaded images, undo and redo,
 * from an accessible toolbar or the usual shortcuts. Its HTML uses only
 * what the content service's sanitiser keeps. Keyboard: Alt+F10 moves from
 * the text to the toolbar, Escape goes back; Ctrl/⌘+K edits a link.
 *
 *   <span id="body-label">Content</span>
 *   <RichTextEditor id="body" aria-labelledby="body-label" value={html} onChange={setHtml} height={EDITOR_HEIGHT.block} />
 */
export function RichTextEditor({
  id,
  value,
  onChange,
  onBlur,
  height = EDITOR_HEIGHT.admin,
  'aria-labelledby': labelledBy,
  'aria-label': label,
  'aria-describedby': describedBy,
  invalid = false,
  ref,
}: RichTextEditorProps) {
  const hintId = `${useId()}-keys`;
  const toolbar = useRef<ToolbarHandle>(null);
  const [linkRequest, setLinkRequest] = useState<LinkDialogRequest | null>(null);
  const [imageOpen, setImageOpen] = useState(false);

  // The latest callbacks and the last HTML this editor reported, read by the
  // editor's handlers (created once).
  const onChangeRef = useRef(onChange);
  const onBlurRef = useRef(onBlur);
  const reported = useRef(value);
  const openLinkRef = useRef<() => void>(() => {});
  useEffect(() => {
    onChangeRef.current = onChange;
    onBlurRef.current = onBlur;
  });

  const attributes = () => ({
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    ...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': label ?? 'Text' }),
    'aria-describedby': [describedBy, hintId].filter(Boolean).join(' '),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    class: 'rte__text',
    spellcheck: 'true',
  });

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // The page title is the only h1; h4 stays so older bodies keep theirs.
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          // The server adds rel/target to outside links; site links open in place.
          HTMLAttributes: { target: null, rel: null },
        },
      }),
      Table.configure({ resizable: false }),
      TableRow,
      TableHeader,
      TableCell,
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: attributes(),
      handleKeyDown: (_view, event) => {
        if (event.altKey && event.key === 'F10') {
          event.preventDefault();
          toolbar.current?.focus();
          return true;
        }
        if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          openLinkRef.current();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      reported.current = html;
      onChangeRef.current(html);
    },
    onBlur: () => onBlurRef.current?.(),
  });

  // Keep the text's name, description and invalid state in step with the props.
  const attrs = JSON.stringify(attributes());
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setOptions({ editorProps: { ...editor.options.editorProps, attributes: JSON.parse(attrs) as Record<string, string> } });
  }, [editor, attrs]);

  // A value from outside (form reset, restored revision) replaces the text.
  // A layout effect: it runs in the same task as the render, so no keystroke
  // can land between them and be undone by a value that is already stale.
  useLayoutEffect(() => {
    if (!editor || editor.isDestroyed || value === reported.current) return;
    reported.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useImperativeHandle(ref, () => ({ focus: () => editor?.commands.focus() }), [editor]);

  const state = useEditorState({ editor, selector: ({ editor: e }) => (e ? readState(e) : IDLE) }) ?? IDLE;

  const openLink = () => {
    if (!editor) return;
    const href = String(editor.getAttributes('link').href ?? '');
    setLinkRequest({ href, needsText: editor.state.selection.empty && !editor.isActive('link') });
  };
  openLinkRef.current = openLink;

  const run = (command: ToolbarCommand) => {
    if (!editor) return;
    if (command === 'link') return openLink();
    if (command === 'image') return setImageOpen(true);
    runCommand(editor, command);
  };

  // Dialog commands run without taking focus (the dialog still holds it);
  // the text gets it back once the dialog is gone (onClosed).
  const insertImage = (image: EditorImage) => {
    setImageOpen(false);
    editor?.chain().setImage(image).command(cursorAfterImage).run();
  };
  const focusText = () => editor?.commands.focus();

  return (
    <div className={invalid ? 'rte rte--invalid' : 'rte'}>
      <StaffStylesheet href={editorCss} />
      <Toolbar
        ref={toolbar}
        state={state}
        onCommand={run}
        controls={id}
        label="Text formatting"
        mac={isMac()}
        onEscape={() => editor?.commands.focus()}
        onMenuClosed={() => editor?.commands.focus()}
      />
      <div className="rte__scroll" style={{ height }}>
        <EditorContent editor={editor} className="rte__content" />
      </div>
      <p className="rte__status">
        <span>{formatWords(state.words)}</span>
        <span id={hintId}>Alt+F10 moves to the toolbar; Escape returns to the text.</span>
      </p>
      <LinkDialog
        request={linkRequest}
        onClose={() => setLinkRequest(null)}
        onClosed={focusText}
        onSave={(href, text) => {
          setLinkRequest(null);
          if (!editor) return;
          if (editor.state.selection.empty && !editor.isActive('link')) {
            editor
              .chain()
              .insertContent({ type: 'text', text: text || href, marks: [{ type: 'link', attrs: { href } }] })
              .unsetMark('link')
              .run();
          } else {
            editor.chain().extendMarkRange('link').setLink({ href }).run();
          }
        }}
        onRemove={() => {
          setLinkRequest(null);
          editor?.chain().extendMarkRange('link').unsetLink().run();
        }}
      />
      <ImageDialog
        open={imageOpen}
        onClose={() => setImageOpen(false)}
        onClosed={focusText}
        onInsert={insertImage}
        onFailed={(image, message) => {
          console.error('Image upload failed:', message);
          toast({
            variant: 'destructive',
            title: 'Image upload failed',
            description: `${message} The default image was inserted in its place.`,
          });
          insertImage(image);
        }}
      />
    </div>
  );
}

type EditorState = ToolbarState & { words: number };
const IDLE: EditorState = { ...IDLE_TOOLBAR_STATE, words: 0 };

function readState(e: Editor): EditorState {
  const doc = e.state.doc;
  return {
    heading2: e.isActive('heading', { level: 2 }),
    heading3: e.isActive('heading', { level: 3 }),
    bold: e.isActive('bold'),
    italic: e.isActive('italic'),
    bulletList: e.isActive('bulletList'),
    orderedList: e.isActive('orderedList'),
    link: e.isActive('link'),
    inTable: e.isActive('table'),
    canUndo: e.can().undo(),
    canRedo: e.can().redo(),
    words: countWords(doc.textBetween(0, doc.content.size, ' ', ' ')),
  };
}

/**
 * After an image goes in, the cursor goes into the paragraph below it (made
 * if there is none) rather than selecting the image, where the next key
 * typed would replace the picture.
 */
const cursorAfterImage = ({ tr, dispatch }: CommandProps): boolean => {
  if (!(tr.selection instanceof NodeSelection)) return true;
  const after = tr.selection.to;
  if (!tr.doc.resolve(after).nodeAfter?.isTextblock) tr.insert(after, tr.doc.type.schema.nodes.paragraph!.create());
  if (dispatch) tr.setSelection(TextSelection.create(tr.doc, after + 1));
  return true;
};

/** Runs a toolbar command on the text (link and image open their dialogs instead). */
export function runCommand(editor: Editor, command: Exclude<ToolbarCommand, 'link' | 'image'>): boolean {
  const chain = editor.chain().focus();
  switch (command) {
    case 'undo':
      return chain.undo().run();
    case 'redo':
      return chain.redo().run();
    case 'heading2':
      return chain.toggleHeading({ level: 2 }).run();
    case 'heading3':
      return chain.toggleHeading({ level: 3 }).run();
    case 'bold':
      return chain.toggleBold().run();
    case 'italic':
      return chain.toggleItalic().run();
    case 'bulletList':
      return chain.toggleBulletList().run();
    case 'orderedList':
      return chain.toggleOrderedList().run();
    case 'insertTable':
      return chain.insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
    case 'addRowBefore':
      return chain.addRowBefore().run();
    case 'addRowAfter':
      return chain.addRowAfter().run();
    case 'deleteRow':
      return chain.deleteRow().run();
    case 'addColumnBefore':
      return chain.addColumnBefore().run();
    case 'addColumnAfter':
      return chain.addColumnAfter().run();
    case 'deleteColumn':
      return chain.deleteColumn().run();
    case 'deleteTable':
      return chain.deleteTable().run();
  }
}

const wordsFormat = new Intl.NumberFormat('en-US');

/** "1 word", "1,234 words". */
export function formatWords(n: number): string {
  return `${wordsFormat.format(n)} ${n === 1 ? 'word' : 'words'}`;
}

function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent);
}
