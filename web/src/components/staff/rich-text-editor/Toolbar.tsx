import * as Menu from '@radix-ui/react-dropdown-menu';
import { Fragment, useId, useImperativeHandle, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
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

/** One item of the toolbar's row, in order: the buttons, then the table menu. */
type Entry = { kind: 'button'; spec: ButtonSpec; group: number } | { kind: 'table'; group: number };

const ENTRIES: readonly Entry[] = [
  ...TOOLBAR_GROUPS.flatMap((group, g) => group.map((spec): Entry => ({ kind: 'button', spec, group: g }))),
  { kind: 'table', group: TOOLBAR_GROUPS.length },
];

/** The More button's slot in the roving order (after every item). */
const MORE = ENTRIES.length;

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

/** An element's left edge within a positioned ancestor (each tooltip's anchor is an offsetParent on the way). */
function leftWithin(el: HTMLElement, ancestor: HTMLElement): number {
  let x = 0;
  for (let node: HTMLElement | null = el; node && node !== ancestor; node = node.offsetParent as HTMLElement | null) x += node.offsetLeft;
  return x;
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
  /** Focus returns here when a command from the table or More menu closes it. */
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
 *
 * It is always one row (issue 28: three rows of buttons on a phone pushed
 * the text off the screen): the items that do not fit the width it has
 * (measured, so the same code serves the post form, a block of site text
 * and a phone) move into a More menu at its end, with the same commands and
 * states. The overflowing items stay laid out but invisible, so their
 * positions can be measured again whenever the width changes.
 */
export function Toolbar({ state, onCommand, controls, label, mac, onEscape, onMenuClosed, ref }: ToolbarProps) {
  const bar = useRef<HTMLDivElement>(null);
  const moreGroup = useRef<HTMLDivElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const [active, setActive] = useState(0);
  const [layout, setLayout] = useState<{ shown: number; width?: number }>({ shown: ENTRIES.length });
  const { shown } = layout;
  const order = rovingOrder(shown);
  // An item that moved into the menu hands its tab stop to More.
  const current = order.includes(active) ? active : order[order.length - 1]!;

  useLayoutEffect(() => {
    const toolbar = bar.current;
    if (!toolbar || typeof ResizeObserver === 'undefined') return;
    // Layout sizes (offset*), not on-screen boxes: a dialog's zoom-in
    // animation scales the boxes but not the room the toolbar has.
    const measure = () => {
      const first = items.current[0];
      if (!moreGroup.current || !first) return;
      const style = getComputedStyle(toolbar);
      const available = toolbar.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (available <= 0) return; // not laid out (display: none): keep what we had
      const start = leftWithin(first, toolbar);
      const ends = ENTRIES.map((_, i) => {
        const el = items.current[i];
        return el ? leftWithin(el, toolbar) + el.offsetWidth - start : 0;
      });
      const more = (parseFloat(style.columnGap) || 0) + moreGroup.current.offsetWidth;
      const n = fitCount(ends, available, more);
      const next = n < ENTRIES.length ? { shown: n, width: n > 0 ? ends[n - 1]! : 0 } : { shown: n };
      setLayout((was) => (was.shown === next.shown && was.width === next.width ? was : next));
    };
    measure();
    // The toolbar's width, and the buttons' own: they change size when the
    // editor's stylesheet arrives after the first layout.
    const observer = new ResizeObserver(measure);
    for (const el of [toolbar, moreGroup.current, ...items.current]) if (el) observer.observe(el);
    // The H2, H3 and Table labels change width once the web font arrives.
    void document.fonts?.ready.then(measure);
    return () => observer.disconnect();
  }, []);

  const focusItem = (position: number) => {
    const n = order.length;
    const i = order[((position % n) + n) % n]!;
    setActive(i);
    items.current[i]?.focus();
  };
  useImperativeHandle(ref, () => ({ focus: () => focusItem(order.indexOf(current)) }));

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Keys inside the menus (portalled, but React bubbles them here) are the menus' own.
    const position = order.indexOf(items.current.indexOf(e.target as HTMLButtonElement));
    if (position < 0) return;
    const moves: Record<string, number> = { ArrowRight: position + 1, ArrowLeft: position - 1, Home: 0, End: order.length - 1 };
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
  const itemRef = (i: number) => (el: HTMLButtonElement | null) => {
    items.current[i] = el;
  };
  const overflowing = shown < ENTRIES.length;

  return (
    <div
      ref={bar}
      role="toolbar"
      aria-label={label}
      aria-controls={controls}
      className="rte__toolbar"
      onKeyDown={onKeyDown}
    >
      <div className="rte__items" style={overflowing ? { width: layout.width } : undefined}>
        {[...TOOLBAR_GROUPS, null].map((_, g) => {
          const entries = ENTRIES.map((entry, i) => ({ entry, i })).filter(({ entry }) => entry.group === g);
          const groupHidden = entries.every(({ i }) => i >= shown);
          return (
            <div className={groupHidden ? 'rte__group rte__overflow' : 'rte__group'} key={g}>
              {entries.map(({ entry, i }) => {
                const hidden = i >= shown ? 'rte__overflow' : undefined;
                if (entry.kind === 'table') {
                  return (
                    <TableMenu
                      key="table"
                      state={state}
                      onCommand={onCommand}
                      onClosed={onMenuClosed}
                      triggerRef={itemRef(i)}
                      className={hidden}
                      tabIndex={i === current ? 0 : -1}
                      onFocus={() => setActive(i)}
                    />
                  );
                }
                const { spec } = entry;
                const disabled = spec.enabled ? !state[spec.enabled] : false;
                return (
                  <Tooltip key={spec.command} content={`${spec.label}${shortcutText(spec.shortcut)}`}>
                    <button
                      ref={itemRef(i)}
                      type="button"
                      className={hidden ? `rte__button ${hidden}` : 'rte__button'}
                      tabIndex={i === current ? 0 : -1}
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
                  </Tooltip>
                );
              })}
            </div>
          );
        })}
      </div>
      {/* Always there to be measured; out of the row and invisible while everything fits. */}
      <div ref={moreGroup} className={overflowing ? 'rte__more' : 'rte__more rte__more--idle'}>
        <MoreMenu
          entries={ENTRIES.slice(shown)}
          state={state}
          mac={mac}
          onCommand={onCommand}
          onClosed={onMenuClosed}
          triggerRef={itemRef(MORE)}
          tabIndex={current === MORE ? 0 : -1}
          onFocus={() => setActive(MORE)}
        />
      </div>
    </div>
  );
}

type MoreMenuProps = {
  /** The items that did not fit, in toolbar order. */
  entries: readonly Entry[];
  state: ToolbarState;
  mac: boolean;
  onCommand: (command: ToolbarCommand) => void;
  onClosed: () => void;
  triggerRef: (el: HTMLButtonElement | null) => void;
  tabIndex: number;
  onFocus: () => void;
};

/**
 * The items that do not fit the row, as a menu: toggles are checkbox items
 * (checked when the format is on), unavailable ones are disabled, the table
 * commands a labelled group. A command that opens a dialog runs once the
 * menu has closed, so the dialog takes the focus without the menu handing
 * it back to More.
 */
function MoreMenu({ entries, state, mac, onCommand, onClosed, triggerRef, tabIndex, onFocus }: MoreMenuProps) {
  const chose = useRef(false);
  const dialog = useRef<ToolbarCommand | null>(null);
  const tableLabel = useId();
  const choose = (command: ToolbarCommand, opensDialog = false) => {
    if (opensDialog) {
      dialog.current = command;
      return;
    }
    chose.current = true;
    onCommand(command);
  };
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <button ref={triggerRef} type="button" className="rte__button rte__button--menu" tabIndex={tabIndex} onFocus={onFocus}>
          {icons.more}
          <span>More</span>
        </button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          className="rte__menu"
          align="end"
          sideOffset={4}
          collisionPadding={8}
          onCloseAutoFocus={(e) => {
            const open = dialog.current;
            dialog.current = null;
            if (open) {
              e.preventDefault();
              onCommand(open);
            } else if (chose.current) {
              // After a command the cursor belongs in the text; after Escape, on More.
              e.preventDefault();
              chose.current = false;
              onClosed();
            }
          }}
        >
          {entries.map((entry, i) => {
            const separator = i > 0 && entry.group !== entries[i - 1]!.group && <Menu.Separator className="rte__menu-separator" />;
            if (entry.kind === 'table') {
              return (
                <Fragment key="table">
                  {separator}
                  <Menu.Group aria-labelledby={tableLabel}>
                    <Menu.Label id={tableLabel} className="rte__menu-label">
                      Table
                    </Menu.Label>
                    {TABLE_ITEMS.map((item) => (
                      <Menu.Item
                        key={item.command}
                        className={item.danger ? 'rte__menu-item rte__menu-item--danger' : 'rte__menu-item'}
                        disabled={!tableCommandEnabled(item.command, state)}
                        onSelect={() => choose(item.command)}
                      >
                        {item.label}
                      </Menu.Item>
                    ))}
                  </Menu.Group>
                </Fragment>
              );
            }
            const { spec } = entry;
            const disabled = spec.enabled ? !state[spec.enabled] : false;
            const content = (
              <>
                <span className="rte__menu-check" aria-hidden="true">
                  {spec.pressed && state[spec.pressed] && icons.check}
                </span>
                <span className="rte__menu-text">
                  {spec.label}
                  {spec.opensDialog && '…'}
                </span>
                {spec.shortcut && (
                  <span className="rte__menu-shortcut" aria-hidden="true">
                    {shortcutLabel(spec.shortcut, mac)}
                  </span>
                )}
              </>
            );
            const common = {
              className: 'rte__menu-item rte__menu-item--command',
              disabled,
              'aria-keyshortcuts': spec.shortcut ? ariaKeyShortcuts(spec.shortcut) : undefined,
              'aria-haspopup': spec.opensDialog ? ('dialog' as const) : undefined,
              onSelect: () => choose(spec.command, spec.opensDialog),
            };
            return (
              <Fragment key={spec.command}>
                {separator}
                {spec.pressed ? (
                  <Menu.CheckboxItem {...common} checked={state[spec.pressed]}>
                    {content}
                  </Menu.CheckboxItem>
                ) : (
                  <Menu.Item {...common}>{content}</Menu.Item>
                )}
              </Fragment>
            );
          })}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

type TableMenuProps = {
  state: ToolbarState;
  onCommand: (command: TableCommand) => void;
  onClosed: () => void;
  triggerRef: (el: HTMLButtonElement | null) => void;
  /** Extra classes for the trigger (rte__overflow when it is in the More menu). */
  className?: string;
  tabIndex: number;
  onFocus: () => void;
};

function TableMenu({ state, onCommand, onClosed, triggerRef, className, tabIndex, onFocus }: TableMenuProps) {
  const chose = useRef(false);
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <button
          ref={triggerRef}
          type="button"
          className={className ? `rte__button rte__button--menu ${className}` : 'rte__button rte__button--menu'}
          tabIndex={tabIndex}
          onFocus={onFocus}
        >
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
