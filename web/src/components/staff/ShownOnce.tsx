import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

type ShownOnceProps = {
  /** The panel's heading ("The endpoint’s signing secret"). */
  title: string;
  /** What it is, that it is shown only now, and who to give it to. */
  children: ReactNode;
  /** The value to copy. */
  value: string;
  /** The value's name, for its field and its Copy button ("Signing secret"). */
  valueLabel: string;
  /** The button that closes the panel for good ("I have saved the secret"). */
  dismissLabel: string;
  onDismiss: () => void;
  /** For the browser tests: the panel's and the value field's data-testid. */
  testId?: string;
  valueTestId?: string;
};

/**
 * Something the server shows once (a webhook's signing secret, a
 * set-password link): a clearly marked panel that takes the focus when it
 * appears, the value in a read-only field with a Copy button, and a button
 * to dismiss it. Where the clipboard is refused the value is selected for
 * the person to copy.
 */
export function ShownOnce({ title, children, value, valueLabel, dismissLabel, onDismiss, testId, valueTestId }: ShownOnceProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'manual'>('idle');

  // After a dialog that asked for it has let go of the focus (it does so a task later).
  useEffect(() => {
    heading.current?.focus();
    const t = setTimeout(() => heading.current?.focus(), 0);
    return () => clearTimeout(t);
  }, []);

  const onCopy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      setCopy('copied');
    } catch {
      field.current?.focus();
      field.current?.select();
      setCopy('manual');
    }
  };

  const name = valueLabel.toLowerCase();
  return (
    <section className="staff-once" aria-labelledby={`${id}-title`} data-testid={testId}>
      <h3 id={`${id}-title`} className="staff-once__title" ref={heading} tabIndex={-1}>
        {title}
      </h3>
      {children}
      <div className="staff-field staff-once__value">
        <label htmlFor={`${id}-value`} className="visually-hidden">
          {valueLabel}
        </label>
        <input
          id={`${id}-value`}
          ref={field}
          className="staff-once__input"
          type="text"
          readOnly
          value={value}
          spellCheck={false}
          autoComplete="off"
          onFocus={(e) => e.currentTarget.select()}
          data-testid={valueTestId}
        />
        <button type="button" className="button" onClick={() => void onCopy()}>
          {copy === 'copied' ? 'Copied' : 'Copy'}
          <span className="visually-hidden"> the {name}</span>
        </button>
      </div>
      <p className="staff-once__copy" role="status">
        {copy === 'copied'
          ? `The ${name} is copied to the clipboard.`
          : copy === 'manual'
            ? `The browser would not copy it: the ${name} is selected, so press Ctrl+C (⌘C on a Mac) to copy it.`
            : ''}
      </p>
      <button type="button" className="button button--primary" onClick={onDismiss}>
        {dismissLabel}
      </button>
    </section>
  );
}
