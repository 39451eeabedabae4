import * as Menu from '@radix-ui/react-dropdown-menu';
import { Fragment, useId, useRef } from 'react';
import { icons } from './icons';
import {
  ariaKeyShortcuts,
  shortcutLabel,
  TABLE_ITEMS,
  tableCommandEnabled,
  type Entry,
  type TableCommand,
  type ToolbarCommand,
  type ToolbarState,
} from './toolbar-items';

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
export function MoreMenu({ entries, state, mac, onCommand, onClosed, triggerRef, tabIndex, onFocus }: MoreMenuProps) {
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

export function TableMenu({ state, onCommand, onClosed, triggerRef, className, tabIndex, onFocus }: TableMenuProps) {
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
