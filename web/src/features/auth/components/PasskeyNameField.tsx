import { forwardRef } from 'react';
import { MAX_PASSKEY_NAME } from '../utils/passkeys';

type PasskeyNameFieldProps = {
  /** The id of the input; the problem's paragraph is `${id}-problem`. */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** What is wrong with the name, shown under it; '' for nothing. */
  problem: string;
};

/** A passkey's name, with its problem said under it (adding one on the account page, and at sign-in). */
export const PasskeyNameField = forwardRef<HTMLInputElement, PasskeyNameFieldProps>(function PasskeyNameField(
  { id, label, value, onChange, problem },
  ref,
) {
  return (
    <>
      <div className="staff-field">
        <label htmlFor={id}>{label}</label>
        <input
          ref={ref}
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          maxLength={MAX_PASSKEY_NAME}
          placeholder="e.g. Work laptop"
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
      </div>
      {problem && (
        <p id={`${id}-problem`} className="staff-alert staff-alert--error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
});
