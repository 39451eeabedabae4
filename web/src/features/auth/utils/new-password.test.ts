import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { changePasswordSchema, currentPasswordProblem, newPasswordSchema, passwordProblem } from './new-password';

/** The schema's messages by field, for these values. */
function problems(schema: typeof newPasswordSchema | typeof changePasswordSchema, values: Record<string, string>) {
  const result = schema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('a new password', () => {
  it('is at least 12 characters, as the gateway asks, counted as people count them', () => {
    expect(problems(newPasswordSchema, { password: '', confirm: '' })).toEqual({
      password: 'Enter a new password.',
      confirm: 'Enter the new password again.',
    });
    expect(problems(newPasswordSchema, { password: 'short-pass1', confirm: 'short-pass1' })).toEqual({ password: 'Use at least 12 characters.' });
    expect(problems(newPasswordSchema, { password: 'twelve-chars', confirm: 'twelve-chars' })).toEqual({});
    // Eleven emoji are 22 UTF-16 units but 11 characters.
    expect(problems(newPasswordSchema, { password: '🔧'.repeat(11), confirm: '🔧'.repeat(11) })).toEqual({ password: 'Use at least 12 characters.' });
  });

  it('is typed the same twice', () => {
    expect(problems(newPasswordSchema, { password: 'a long passphrase', confirm: 'a long passphrasE' })).toEqual({
      confirm: 'The two passwords are not the same.',
    });
  });

  it('comes with the current one when it is changed', () => {
    expect(problems(changePasswordSchema, { current: '', password: 'a long passphrase', confirm: 'a long passphrase' })).toEqual({
      current: 'Enter your current password.',
    });
  });
});

describe('a refused password form', () => {
  const fields = { currentPassword: 'current', newPassword: 'password' } as const;
  const err = (status: number, body: unknown) => new ApiError(status, '', JSON.stringify(body));

  it('puts a wrong current password under that field, in the server’s words; an expired session (401) is not one', () => {
    expect(passwordProblem(err(401, { message: 'Sign in to continue.' }), fields, 'Not changed', currentPasswordProblem)).toEqual({
      field: null,
      message: 'Sign in to continue.',
    });
    expect(passwordProblem(err(400, { message: 'Your current password is not correct.' }), fields, 'Not changed', currentPasswordProblem)).toEqual({
      field: 'current',
      message: 'Your current password is not correct.',
    });
  });

  it('puts a per-field problem under its field and anything else above the buttons', () => {
    expect(
      passwordProblem(err(400, { message: 'Invalid', details: [{ field: 'newPassword', message: 'Password must be at least 12 characters.' }] }), fields, 'Not changed', currentPasswordProblem),
    ).toEqual({ field: 'password', message: 'Password must be at least 12 characters.' });
    expect(passwordProblem(err(400, { message: 'This account signs in with Google; it has no password to set.' }), fields, 'Not changed', currentPasswordProblem)).toEqual({
      field: null,
      message: 'This account signs in with Google; it has no password to set.',
    });
    expect(passwordProblem(new TypeError('Failed to fetch'), fields, 'The password could not be changed')).toEqual({
      field: null,
      message: 'The password could not be changed: Failed to fetch',
    });
  });
});
