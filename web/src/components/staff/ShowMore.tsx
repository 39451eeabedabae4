import { useId } from 'react';

type ShowMoreProps = {
  /** How much of the list is on screen, e.g. "50 of 53 posts listed" (a status: announced as it changes). */
  count: string;
  /** A next page to load: without one, only the count shows. */
  hasMore: boolean;
  /** The next page is on its way: the button says `busyLabel` and waits. */
  busy: boolean;
  /** The button's text, e.g. "Show more posts". */
  label: string;
  /** Its text while a page loads, e.g. "Loading more posts…". */
  busyLabel: string;
  onShowMore: () => void;
  /** The list's own class beside `show-more`, for the space above it. */
  className?: string;
};

/**
 * Under a paged list: how much of it is listed, and a "Show more …" button
 * described by that count. While a page loads the button is aria-disabled,
 * not disabled, so it keeps the focus and stays in the tab order; a press
 * then does nothing. Styles: show-more.css, in the staff base sheet.
 */
export function ShowMore({ count, hasMore, busy, label, busyLabel, onShowMore, className }: ShowMoreProps) {
  const countId = useId();
  return (
    <div className={className ? `show-more ${className}` : 'show-more'}>
      <p id={countId} className="show-more__count" role="status">
        {count}
      </p>
      {hasMore && (
        <button
          type="button"
          className="button"
          onClick={() => {
            if (!busy) onShowMore();
          }}
          aria-disabled={busy || undefined}
          aria-describedby={countId}
        >
          {busy ? busyLabel : label}
        </button>
      )}
    </div>
  );
}
