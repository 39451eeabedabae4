import * as Menu from '@radix-ui/react-dropdown-menu';
import { Fragment, useImperativeHandle, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { Tooltip } from '@/components/ui/tooltip';
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
type Shortcut = { key: string; shift?: boolean; alt?: boolean };

/** How a shortcut is written for people: "Ctrl+Shift+Z" elsewhere, "⌘⇧Z" on a Mac. */
export function shortcutLabel({ key, shift, alt }: Shortcut, mac: boolean): string {
  if (mac) return `⌘${alt ? '⌥' : ''}${shift ? '⇧' : ''}${key}`;
  return `Ctrl+${alt ? 'Alt+' : ''}${shift ? 'Shift+' : ''}${key}`;
}

/** The same shortcut for aria-keyshortcuts: Control or Meta. */
export function ariaKeyShortcuts({ key, shift, alt }: Shortcut): string {
  return ['Control', 'Meta'].map((m) => `${m}+${alt ? 'Alt+' : ''}${shift ? 'Shift+' : ''}${key}`).join(' ');
}

type ButtonSpec = {
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

type ToolbarProps = {
  state: ToolbarState;
  onCommand: (command: ToolbarCommand) => void;
  /** The id of the editing area the toolbar acts on. */
  controls: string;
  /** The toolbar's accessible name. */
  label: string;
  /** Write shortcuts the Mac way (⌘) in tooltips. */
  mac: boolean;
  /** Escape in the toolbar: back to the text. */
  onEscape: () => void;
  /** Focus returns here when the table menu closes. */
  onMenuClosed: () => void;
  ref?: Ref<ToolbarHandle>;
};

export type ToolbarHandle = { focus: () => void };

/**
 * The editor's toolbar (WAI-ARIA toolbar pattern): one tab stop, arrow keys,
 * Home and End move between buttons; toggles say whether they are on with
 * aria-pressed; unavailable buttons stay focusable and say so with
 * aria-disabled. The table commands are a menu (Radix: arrow keys, typeahead,
 * Escape).
 */
export function Toolbar({ state, onCommand, controls, label, mac, onEscape, onMenuClosed, ref }: ToolbarProps) {
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const [active, setActive] = useState(0);
  const count = TOOLBAR_GROUPS.reduce((n, g) => n + g.length, 0) + 1;

  const focusItem = (index: number) => {
    const i = ((index % count) + count) % count;
    setActive(i);
    items.current[i]?.focus();
  };
  useImperativeHandle(ref, () => ({ focus: () => focusItem(active) }));

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const current = items.current.indexOf(e.target as HTMLButtonElement);
    if (current < 0) return;
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: count - 1 };
    const next = moves[e.key];
    if (next !== undefined) {
      e.preventDefault();
      focusItem(next);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onEscape();
    }
  };

  const shortcutText = (s: Shortcut | undefined) => (s ? ` (${shortcutLabel(s, mac)})` : '');

  let index = -1;
  return (
    <div
      role="toolbar"
      aria-label={label}
      aria-controls={controls}
      className="rte__toolbar"
      onKeyDown={onKeyDown}
    >
      {TOOLBAR_GROUPS.map((group, g) => (
        <div className="rte__group" key={g}>
          {group.map((spec) => {
            const i = ++index;
            const disabled = spec.enabled ? !state[spec.enabled] : false;
            const button = (
              <button
                ref={(el) => {
                  items.current[i] = el;
                }}
                type="button"
                className="rte__button"
                tabIndex={i === active ? 0 : -1}
                aria-label={spec.text ? undefined : spec.label}
                aria-pressed={spec.pressed ? state[spec.pressed] : undefined}
                aria-disabled={disabled || undefined}
                aria-haspopup={spec.opensDialog ? 'dialog' : undefined}
                aria-keyshortcuts={spec.shortcut ? ariaKeyShortcuts(spec.shortcut) : undefined}
                onFocus={() => setActive(i)}
                onMouseDown={(e) => {
                  // Keep the text's focus and selection: the command acts on them.
                  if (!spec.opensDialog) e.preventDefault();
                }}
                onClick={() => {
                  if (!disabled) onCommand(spec.command);
                }}
              >
                {spec.text ?? spec.icon}
              </button>
            );
            return (
              <Tooltip key={spec.command} content={`${spec.label}${shortcutText(spec.shortcut)}`}>
                {button}
              </Tooltip>
            );
          })}
        </div>
      ))}
      <div className="rte__group">
        <TableMenu
          state={state}
          onCommand={onCommand}
          onClosed={onMenuClosed}
          triggerRef={(el) => {
            items.current[count - 1] = el;
          }}
          tabIndex={active === count - 1 ? 0 : -1}
          onFocus={() => setActive(count - 1)}
        />
      </div>
    </div>
  );
}

type TableMenuProps = {
  state: ToolbarState;
  onCommand: (command: TableCommand) => void;
  onClosed: () => void;
  triggerRef: (el: HTMLButtonElement | null) => void;
  tabIndex: number;
  onFocus: () => void;
};

function TableMenu({ state, onCommand, onClosed, triggerRef, tabIndex, onFocus }: TableMenuProps) {
  const chose = useRef(false);
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <button ref={triggerRef} type="button" className="rte__button rte__button--menu" tabIndex={tabIndex} onFocus={onFocus}>
          {icons.table}
          <span>Table</span>
          {icons.chevronDown}
        </button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          className="rte__menu"
          align="start"
          sideOffset={4}
          onCloseAutoFocus={(e) => {
            // After a command the cursor belongs in the table; after Escape, on the button.
            if (chose.current) {
              e.preventDefault();
              chose.current = false;
              onClosed();
            }
          }}
        >
          {TABLE_ITEMS.map((item, i) => (
            <Fragment key={item.command}>
              {(i === 1 || i === 4 || i === 7) && <Menu.Separator className="rte__menu-separator" />}
              <Menu.Item
                className={item.danger ? 'rte__menu-item rte__menu-item--danger' : 'rte__menu-item'}
                disabled={!tableCommandEnabled(item.command, state)}
                onSelect={() => {
                  chose.current = true;
                  onCommand(item.command);
                }}
              >
                {item.label}
              </Menu.Item>
            </Fragment>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
