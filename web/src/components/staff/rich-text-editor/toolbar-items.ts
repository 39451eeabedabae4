// The editor toolbar's contents, in order (buttons in groups, then the
// table menu), what each shows and does, and how many fit its one row.
// Toolbar.tsx lays them out; ToolbarMenus.tsx holds the table and More menus.
import type { ReactNode } from 'react';
import { icons } from './icons';

/** What the toolbar shows as pressed or unavailable, read from the editor. */
export type ToolbarState = {
  heading2: boolean;
  heading3: boolean;
  bold: boolean;
  italic: boolean;
  bulletList: boolean;
  orderedList: boolean;
  link: boolean;
  inTable: boolean;
  canUndo: boolean;
  canRedo: boolean;
};

export const IDLE_TOOLBAR_STATE: ToolbarState = {
  heading2: false,
  heading3: false,
  bold: false,
  italic: false,
  bulletList: false,
  orderedList: false,
  link: false,
  inTable: false,
  canUndo: false,
  canRedo: false,
};

export type TableCommand =
  | 'insertTable'
  | 'addRowBefore'
  | 'addRowAfter'
  | 'deleteRow'
  | 'addColumnBefore'
  | 'addColumnAfter'
  | 'deleteColumn'
  | 'deleteTable';

export type ToolbarCommand =
  | 'undo'
  | 'redo'
  | 'heading2'
  | 'heading3'
  | 'bold'
  | 'italic'
  | 'bulletList'
  | 'orderedList'
  | 'link'
  | 'image'
  | TableCommand;

/** A shortcut with Control (or Command on a Mac), optionally Shift or Alt (Option). */
export type Shortcut = { key: string; shift?: boolean; alt?: boolean };

/** How a shortcut is written for people: "Ctrl+Shift+Z" elsewhere, "⌘⇧Z" on a Mac. */
export function shortcutLabel({ key, shift, alt }: Shortcut, mac: boolean): string {
  if (mac) return `⌘${alt ? '⌥' : ''}${shift ? '⇧' : ''}${key}`;
  return `Ctrl+${alt ? 'Alt+' : ''}${shift ? 'Shift+' : ''}${key}`;
}

/** The same shortcut for aria-keyshortcuts: Control or Meta. */
export function ariaKeyShortcuts({ key, shift, alt }: Shortcut): string {
  return ['Control', 'Meta'].map((m) => `${m}+${alt ? 'Alt+' : ''}${shift ? 'Shift+' : ''}${key}`).join(' ');
}

export type ButtonSpec = {
  command: Exclude<ToolbarCommand, TableCommand>;
  /** The accessible name; with `text`, the visible text is the name instead (WCAG 2.5.3). */
  label: string;
  text?: string;
  icon?: ReactNode;
  pressed?: keyof ToolbarState;
  enabled?: keyof ToolbarState;
  shortcut?: Shortcut;
  /** Opens a dialog: the button takes focus like any other, so focus can return to it. */
  opensDialog?: boolean;
};

const mod = (key: string, shift = false, alt = false): Shortcut => ({ key, shift, alt });

/** The buttons in order, in groups (a separator between groups). */
export const TOOLBAR_GROUPS: readonly (readonly ButtonSpec[])[] = [
  [
    { command: 'undo', label: 'Undo', icon: icons.undo, enabled: 'canUndo', shortcut: mod('Z') },
    { command: 'redo', label: 'Redo', icon: icons.redo, enabled: 'canRedo', shortcut: mod('Z', true) },
  ],
  [
    { command: 'heading2', label: 'Heading 2', text: 'H2', pressed: 'heading2', shortcut: mod('2', false, true) },
    { command: 'heading3', label: 'Heading 3', text: 'H3', pressed: 'heading3', shortcut: mod('3', false, true) },
  ],
  [
    { command: 'bold', label: 'Bold', icon: icons.bold, pressed: 'bold', shortcut: mod('B') },
    { command: 'italic', label: 'Italic', icon: icons.italic, pressed: 'italic', shortcut: mod('I') },
  ],
  [
    { command: 'bulletList', label: 'Bulleted list', icon: icons.bulletList, pressed: 'bulletList', shortcut: mod('8', true) },
    { command: 'orderedList', label: 'Numbered list', icon: icons.orderedList, pressed: 'orderedList', shortcut: mod('7', true) },
  ],
  [
    { command: 'link', label: 'Link', icon: icons.link, pressed: 'link', shortcut: mod('K'), opensDialog: true },
    { command: 'image', label: 'Insert image', icon: icons.image, opensDialog: true },
  ],
];

/** The table menu's items; all but "Insert table" need the cursor in a table. */
export const TABLE_ITEMS: readonly { command: TableCommand; label: string; danger?: boolean }[] = [
  { command: 'insertTable', label: 'Insert table' },
  { command: 'addRowBefore', label: 'Add row above' },
  { command: 'addRowAfter', label: 'Add row below' },
  { command: 'deleteRow', label: 'Delete row', danger: true },
  { command: 'addColumnBefore', label: 'Add column before' },
  { command: 'addColumnAfter', label: 'Add column after' },
  { command: 'deleteColumn', label: 'Delete column', danger: true },
  { command: 'deleteTable', label: 'Delete table', danger: true },
];

/** Whether a table command applies where the cursor is. */
export function tableCommandEnabled(command: TableCommand, state: ToolbarState): boolean {
  return command === 'insertTable' ? !state.inTable : state.inTable;
}

/** One item of the toolbar's row, in order: the buttons, then the table menu. */
export type Entry = { kind: 'button'; spec: ButtonSpec; group: number } | { kind: 'table'; group: number };

export const ENTRIES: readonly Entry[] = [
  ...TOOLBAR_GROUPS.flatMap((group, g) => group.map((spec): Entry => ({ kind: 'button', spec, group: g }))),
  { kind: 'table', group: TOOLBAR_GROUPS.length },
];

/** The More button's slot in the roving order (after every item). */
export const MORE = ENTRIES.length;

/**
 * How many of the toolbar's items fit in its one row: all of them when the
 * last one ends within `available`, else as many as leave room for the More
 * button. `ends` are the items' right edges from the start of the first
 * (gaps and separators included); `more` is what the More button takes,
 * its gap included. Half a pixel of slack absorbs sub-pixel rounding.
 */
export function fitCount(ends: readonly number[], available: number, more: number): number {
  const last = ends[ends.length - 1];
  if (last === undefined || last <= available + 0.5) return ends.length;
  let n = 0;
  while (n < ends.length && ends[n]! + more <= available + 0.5) n++;
  return n;
}

/**
 * The positions the toolbar can move focus between, in order: the items
 * shown in the row, then More when anything overflows.
 */
export function rovingOrder(shown: number): number[] {
  const visible = Array.from({ length: Math.min(shown, ENTRIES.length) }, (_, i) => i);
  return shown < ENTRIES.length ? [...visible, MORE] : visible;
}
