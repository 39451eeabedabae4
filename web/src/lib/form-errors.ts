// Shows errors the way every form needs: the first invalid field (in page
// order, not validation order) gets focus, and the server's per-field
// problems appear next to their fields like the client's own.
import type { FieldErrors, FieldPath, FieldValues, UseFormSetError, UseFormSetFocus } from 'react-hook-form';
import { fieldViolations } from './api-errors';

/** The first name in `order` that has an error, if any. */
export function firstInvalidField<T extends FieldValues>(
  errors: FieldErrors<T>,
  order: readonly FieldPath<T>[],
): FieldPath<T> | undefined {
  return order.find((name) => (errors as Record<string, unknown>)[name] !== undefined);
}

export function focusFirstError<T extends FieldValues>(
  errors: FieldErrors<T>,
  order: readonly FieldPath<T>[],
  setFocus: UseFormSetFocus<T>,
): void {
  const first = firstInvalidField(errors, order);
  if (first) setFocus(first);
}

/**
 * Puts the server's `details` of a failed submission on the form's fields
 * (fields the form does not show are left to the toast) and focuses the
 * first. Returns how many fields got an error.
 */
export function showServerFieldErrors<T extends FieldValues>(
  err: unknown,
  order: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
  setFocus: UseFormSetFocus<T>,
): number {
  const shown = new Set<string>();
  for (const v of fieldViolations(err)) {
    const name = order.find((n) => n === v.field);
    if (!name || shown.has(name)) continue;
    shown.add(name);
    setError(name, { type: 'server', message: v.message });
  }
  const first = order.find((n) => shown.has(n));
  if (first) setFocus(first);
  return shown.size;
}

/**
 * Puts a refused form's problem (api-errors formProblem) under its field,
 * focused, and says so; false when it names no field (or there is none),
 * for the caller to show it above the buttons.
 */
export function showFieldProblem<T extends FieldValues>(
  problem: { field: FieldPath<T> | null; message: string } | null,
  setError: UseFormSetError<T>,
  setFocus: UseFormSetFocus<T>,
): boolean {
  if (!problem?.field) return false;
  setError(problem.field, { type: 'server', message: problem.message });
  setFocus(problem.field);
  return true;
}
