import { z } from 'zod';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formProblem, type FormProblem } from '@/lib/api-errors';

/** The shortest password the gateway accepts (accounts.MinPasswordLen). */
export const MIN_PASSWORD_LENGTH = 12;

/** A new password and its confirmation, as the set-password and change-password forms hold them. */
export type NewPasswordValues = { password: string; confirm: string };

/** Characters as people count them (an emoji is one), not UTF-16 units. */
const characters = (text: string) => [...text].length;

/**
 * The checks the gateway makes of a new password that can be made here too
 * (its length), and the confirmation: typed twice, the same both times.
 */
export const newPasswordShape = {
  password: z
    .string()
    .refine((v) => v !== '', 'Enter a new password.')
    .refine((v) => v === '' || characters(v) >= MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`),
  confirm: z.string().refine((v) => v !== '', 'Enter the new password again.'),
};

/** Adds the mismatch, under the confirmation, once both are typed. */
export function checkConfirmation(values: NewPasswordValues, ctx: z.RefinementCtx): void {
  if (values.confirm !== '' && values.password !== values.confirm) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['confirm'], message: 'The two passwords are not the same.' });
  }
}

/** The set-password form: only the new password, twice. */
export const newPasswordSchema = z.object(newPasswordShape).superRefine(checkConfirmation);

/** The change-password form: the current password, then the new one twice. */
export const changePasswordSchema = z
  .object({ current: z.string().refine((v) => v !== '', 'Enter your current password.'), ...newPasswordShape })
  .superRefine(checkConfirmation);

export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

/**
 * Where a refusal of a password form goes: a per-field problem (`details`,
 * named as the request names its fields) under that field; a problem
 * `fieldOf` places (the gateway words a wrong current password without
 * naming a field) under its field; anything else above the buttons. The
 * server's words are shown; `fallback` and the error when it sent none (a
 * network failure).
 */
export function passwordProblem<F extends string>(
  err: unknown,
  fields: Readonly<Record<string, F>>,
  fallback: string,
  fieldOf: (err: unknown, message: string) => F | null = () => null,
): FormProblem<F> {
  const problem = formProblem(err, fields) ?? { field: null, message: `${fallback}: ${errorMessage(err)}` };
  return problem.field === null ? { ...problem, field: fieldOf(err, problem.message) } : problem;
}

/**
 * The change-password form's field for a refusal that names none: the
 * gateway says a current password is wrong in words ("Your current
 * password is not correct."), with no field.
 */
export function currentPasswordProblem(err: unknown, message: string): 'current' | null {
  return err instanceof ApiError && err.status === 400 && /current password/i.test(message) ? 'current' : null;
}
