// The staff forms' field kit: a field's error under it, and the list of
// ids a control's aria-describedby names (hints, warnings, the error).

/**
 * A field's error, linked to its control by `id` (aria-describedby); nothing
 * without a message. `announce` makes it an alert, for forms checked on
 * submit (Site Content); a form checked while typing (the post form: the
 * slug is checked as the title is typed) leaves it off, or every keystroke
 * would interrupt.
 */
export function FieldError({ id, message, announce = false }: { id: string; message?: string | null | undefined; announce?: boolean }) {
  if (!message) return null;
  return (
    <p id={id} className="staff-field__error" role={announce ? 'alert' : undefined}>
      {message}
    </p>
  );
}

/** The ids present (false, undefined and '' left out), space-separated; undefined when none. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list === '' ? undefined : list;
}
