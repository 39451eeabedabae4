import { lazy, Suspense, type ElementType, type HTMLAttributes, type ReactElement } from 'react';
import { useEditMode } from '@/lib/edit-mode';
import { useEditableItem } from './api/get-editable-content';
import { escapeHtml, fillParams, paramAttributes, type EditableParams } from './fill-params';

// Staff only: loaded the first time edit mode is on, never for a visitor.
const EditableControls = lazy(() => import('./edit-mode/EditableControls'));

export type EditableProps = Omit<HTMLAttributes<HTMLElement>, 'children' | 'dangerouslySetInnerHTML'> & {
  /** The item's key, e.g. "home.services.title". */
  contentKey: string;
  /**
   * 'text' (headings: plain text) or 'html' (paragraphs: sanitised HTML), for
   * the build-time wording and the default element; a stored item is drawn
   * as its own contentType says.
   */
  type?: 'text' | 'html';
  /** The element; a span for text and a div for html by default. */
  as?: ElementType;
  /** Values for {name} placeholders (lower-case names: they travel as data-ec-name attributes). */
  params?: EditableParams;
  /**
   * The build-time wording, exactly as seeded (the prerender checks the two
   * agree). An html item's wording is one paragraph of plain text, unless
   * `markup` is set.
   */
  children: string;
  /** An html item whose wording is HTML as seeded (headings, lists, several paragraphs), e.g. a whole legal page. */
  markup?: boolean;
};

/**
 * A staff-editable text (SPEC §4, ADR 0003). It renders the current item
 * from the editable-content list, which the edge served with the page, or
 * the build-time wording; the element carries data-ec so the edge can fill
 * in the current text. In edit mode the staff-only controls wrap it.
 */
export function Editable({ contentKey, type = 'text', as, params, markup = false, children, ...rest }: EditableProps) {
  const item = useEditableItem(contentKey);
  const editing = useEditMode();
  // What the stored item is decides how it is drawn and edited, not what
  // the page expects of it: the content service sanitises an item by its
  // own contentType, so a text item is plain text that may hold "<" and
  // must be escaped even where the page expects HTML. Only the build-time
  // wording (no item) goes by the prop.
  const html = item ? item.contentType === 'html' : type === 'html';
  const raw = item?.content ?? (html && !markup ? `<p>${escapeHtml(children)}</p>` : children);
  const value = fillParams(raw, params, html);
  // The element is the page's layout, so it follows the prop.
  const Tag = as ?? (type === 'html' ? 'div' : 'span');
  const attrs = { ...rest, 'data-ec': contentKey, ...paramAttributes(params) };
  const element: ReactElement = html ? (
    <Tag {...attrs} dangerouslySetInnerHTML={{ __html: value }} />
  ) : (
    <Tag {...attrs}>{value}</Tag>
  );
  if (!editing) return element;
  return (
    <Suspense fallback={element}>
      <EditableControls contentKey={contentKey} type={html ? 'html' : 'text'} params={params} block={isBlock(Tag)} current={raw}>
        {element}
      </EditableControls>
    </Suspense>
  );
}

const INLINE = new Set(['span', 'strong', 'em', 'a', 'small', 'b', 'i']);

function isBlock(tag: ElementType): boolean {
  return typeof tag !== 'string' || !INLINE.has(tag);
}
