import { useEffect, useRef, useState } from 'react';
import { useWatch, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { formatDateTime, parseTimestamp } from './format';
import { copyToOffer, dropCopy, firstChanged, readCopy, writeCopy, type LocalCopy, type ParseValues } from './local-copy';

type BrowserCopyOptions<T extends FieldValues> = {
  form: UseFormReturn<T>;
  /** Where the copy is kept (local-copy's copyKey). */
  storageKey: string;
  parse: ParseValues<T>;
  /** The form's fields in page order. */
  fields: readonly (keyof T & FieldPath<T>)[];
  /** What the form shows when it opens (the stored item, or an empty form). */
  shown: T;
  /** The stored version the form is based on; null for an item not yet stored. */
  baseVersion: string | null;
  /**
   * A copy is being restored (before the form takes its values): its
   * baseVersion, the stored version it was typed on (null: on none), is
   * what the form is based on from now on.
   */
  onRestore?: (copy: LocalCopy<T>) => void;
};

export type BrowserCopy<T> = {
  /** The copy offered back (null: none, or answered). */
  offer: LocalCopy<T> | null;
  restore: () => void;
  discard: () => void;
  /** Saved (or the item is gone): the copy is removed, and nothing more is copied. */
  finish: () => void;
};

/**
 * Issue 28 "nothing typed is lost" for a staff form (a post, a Site Content
 * text): every change is kept in this browser (with the time and the
 * version it was based on), and a copy that differs from what the form
 * shows is offered back when the form opens again, after a reload, a closed
 * tab or a crash. Restoring fills the form as unsaved changes based on the
 * copy's version, so a save over a newer version is still caught as a
 * conflict. The copy goes once the form is saved, or typed back to what is
 * stored.
 */
export function useBrowserCopy<T extends FieldValues>({
  form,
  storageKey,
  parse,
  fields,
  shown,
  baseVersion,
  onRestore,
}: BrowserCopyOptions<T>): BrowserCopy<T> {
  const { control, getValues, reset, setFocus, formState } = form;
  const { isDirty } = formState;
  const [offer, setOffer] = useState(() => copyToOffer(readCopy(storageKey, parse), shown, fields));
  const done = useRef(false);
  const values = useWatch({ control });

  useEffect(() => {
    if (done.current) return;
    if (isDirty) writeCopy(storageKey, getValues(), baseVersion);
    // Nothing unsaved (typed back, or a newer version shown): nothing to offer
    // later. A copy still being offered stays until the person answers.
    else if (!offer) dropCopy(storageKey);
  }, [values, isDirty, storageKey, baseVersion, offer, getValues]);

  // The focus moves once the offer (and the button that was pressed) is gone.
  const [focus, setFocusTo] = useState<{ field: FieldPath<T> | undefined } | null>(null);
  useEffect(() => {
    const field = focus?.field;
    if (!field) return;
    const timer = setTimeout(() => setFocus(field), 0);
    return () => clearTimeout(timer);
  }, [focus, setFocus]);

  return {
    offer,
    restore: () => {
      if (!offer) return;
      onRestore?.(offer);
      reset(offer.values, { keepDefaultValues: true });
      setOffer(null);
      setFocusTo({ field: firstChanged(offer.values, shown, fields) });
    },
    discard: () => {
      dropCopy(storageKey);
      setOffer(null);
      setFocusTo({ field: fields[0] });
    },
    finish: () => {
      done.current = true;
      dropCopy(storageKey);
    },
  };
}

/** The offer at the top of a form: "You have unsaved changes from … in this browser." Restore them / Discard. */
export function BrowserCopyOffer<T>({ copy }: { copy: BrowserCopy<T> }) {
  const { offer, restore, discard } = copy;
  if (!offer) return null;
  const at = parseTimestamp(offer.savedAt);
  return (
    <div className="staff-alert staff-alert--warning staff-copy-offer" role="alert">
      <p>
        You have unsaved changes
        {at && (
          <>
            {' '}
            from <time dateTime={offer.savedAt}>{formatDateTime(at)}</time>
          </>
        )}{' '}
        in this browser.
      </p>
      <div className="staff-copy-offer__actions">
        <button type="button" className="button button--small button--primary" onClick={restore}>
          Restore them
        </button>
        <button type="button" className="button button--small" onClick={discard}>
          Discard
        </button>
      </div>
    </div>
  );
}
