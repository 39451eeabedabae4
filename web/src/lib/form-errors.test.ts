import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { firstInvalidField, showServerFieldErrors } from './form-errors';

type Values = { firstName: string; email: string; issues: string[]; description: string };
const ORDER = ['firstName', 'email', 'issues', 'description'] as const;

function recorder() {
  const errors: Array<[string, string | undefined]> = [];
  const focused: string[] = [];
  return {
    errors,
    focused,
    setError: (name: string, e: { message?: string }) => void errors.push([name, e.message]),
    setFocus: (name: string) => void focused.push(name),
  };
}

describe('firstInvalidField', () => {
  it('follows page order, not the order errors were found in', () => {
    expect(firstInvalidField<Values>({ description: { type: 'too_small' }, email: { type: 'x' } }, ORDER)).toBe('email');
    expect(firstInvalidField<Values>({}, ORDER)).toBeUndefined();
  });
});

describe('showServerFieldErrors', () => {
  it("puts the server's messages on the form's fields and focuses the first in page order", () => {
    const err = new ApiError(
      400,
      'Bad Request',
      JSON.stringify({
        message: 'x',
        code: 'invalid_argument',
        details: [
          { field: 'description', message: 'Please describe your drain issue (minimum 10 characters)' },
          { field: 'utmSource', message: 'value length must be at most 200 characters' },
          { field: 'email', message: 'Valid email is required' },
          { field: 'email', message: 'second message for the same field' },
        ],
      }),
    );
    const r = recorder();
    const shown = showServerFieldErrors<Values>(err, ORDER, r.setError as never, r.setFocus as never);
    expect(shown).toBe(2);
    expect(r.errors).toEqual([
      ['description', 'Please describe your drain issue (minimum 10 characters)'],
      ['email', 'Valid email is required'],
    ]);
    expect(r.focused).toEqual(['email']);
  });

  it('does nothing for failures without details', () => {
    const r = recorder();
    expect(showServerFieldErrors<Values>(new Error('offline'), ORDER, r.setError as never, r.setFocus as never)).toBe(0);
    expect(r.errors).toEqual([]);
    expect(r.focused).toEqual([]);
  });
});
