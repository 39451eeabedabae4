import { useImperativeHandle, useLayoutEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { Tooltip } from '@/components/ui/tooltip';
import {
  ariaKeyShortcuts,
  ENTRIES,
  fitCount,
  MORE,
  rovingOrder,
  shortcutLabel,
  TOOLBAR_GROUPS,
  type Shortcut,
  type ToolbarCommand,
  type ToolbarState,
} from './toolbar-items';
import { MoreMenu, TableMenu } from './ToolbarMenus';

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

