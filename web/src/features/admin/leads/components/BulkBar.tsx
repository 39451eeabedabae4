import * as Menu from '@radix-ui/react-dropdown-menu';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useBulkUpdateLeads, type BulkChange } from '../api/bulk-update-leads';
import { PIPELINE_STATUSES, statusLabel } from '../utils/lead-labels';
import { bulkResultText } from '../utils/bulk';
import { useStaffEmail } from './lead-options';

type BulkBarProps = {
  /** The leads shown (this page and every 'Load more'). */
  shownIds: readonly string[];
  /** The selected ones among them. */
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
};

/**
 * Select all on this page, and one change to every selected lead at once.
 * The outcome ("3 leads updated") is said in a status region; the
 * selection stays, so a second change (read, then a status) needs no
 * re-selecting.
 */
export function BulkBar({ shownIds, selected, onSelect }: BulkBarProps) {
  const me = useStaffEmail();
  const bulk = useBulkUpdateLeads();
  const [result, setResult] = useState('');
  const all = useRef<HTMLInputElement>(null);
  const count = selected.size;
  const allSelected = shownIds.length > 0 && count === shownIds.length;
  useEffect(() => {
    if (all.current) all.current.indeterminate = count > 0 && !allSelected;
  }, [count, allSelected]);

  const apply = (change: BulkChange, what: string) => {
    const ids = shownIds.filter((id) => selected.has(id));
    if (ids.length === 0) return;
    setResult('');
    bulk.mutate(
      { ids, change },
      { onSuccess: (updated) => setResult(bulkResultText(updated, ids.length, what)) },
    );
  };

  return (
    <section className="leads-bulk" aria-label="Change several leads">
      <div className="leads-bulk__select">
        <label className="leads-bulk__all">
          <input
            ref={all}
            type="checkbox"
            checked={allSelected}
            disabled={shownIds.length === 0}
            onChange={() => onSelect(allSelected ? new Set() : new Set(shownIds))}
          />
          Select all on this page
        </label>
        <span className="leads-bulk__count">{count === 0 ? 'None selected' : `${count} selected`}</span>
      </div>
      {count > 0 && (
        <div className="leads-bulk__actions">
          <button type="button" className="button button--small" disabled={bulk.isPending} onClick={() => apply({ isRead: true }, 'marked read')}>
            Mark read
          </button>
          <button type="button" className="button button--small" disabled={bulk.isPending} onClick={() => apply({ isRead: false }, 'marked unread')}>
            Mark unread
          </button>
          <Menu.Root modal={false}>
            <Menu.Trigger asChild>
              <button type="button" className="button button--small" disabled={bulk.isPending}>
                Set status…
              </button>
            </Menu.Trigger>
            <Menu.Portal>
              <Menu.Content className="leads-menu" align="start" sideOffset={4} loop>
                {PIPELINE_STATUSES.map((s) => (
                  <Menu.Item
                    key={s.value}
                    className="leads-menu__item"
                    onSelect={() => apply({ status: s.value }, `set to ${statusLabel(s.value)}`)}
                  >
                    {s.label}
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Portal>
          </Menu.Root>
          <button type="button" className="button button--small" disabled={bulk.isPending} onClick={() => apply({ status: 'spam' }, 'marked as spam')}>
            Mark as spam
          </button>
          {me && (
            <button type="button" className="button button--small" disabled={bulk.isPending} onClick={() => apply({ assignee: me }, 'assigned to you')}>
              Assign to me
            </button>
          )}
          <button type="button" className="staff-linkbutton" onClick={() => onSelect(new Set())}>
            Clear selection
          </button>
        </div>
      )}
      <p className="leads-bulk__result" role="status">
        {bulk.isPending ? 'Updating…' : result}
      </p>
      {bulk.isError && (
        <p className="staff-alert staff-alert--error leads-bulk__error" role="alert">
          The leads could not be updated: {errorMessage(bulk.error)}
        </p>
      )}
    </section>
  );
}
