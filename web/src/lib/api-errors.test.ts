import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { fieldViolations, serverMessage, staleVersion } from './api-errors';

// Bodies as the gateway writes them (services/gateway/internal/edge/errors.go).
const validation = new ApiError(
  400,
  'Bad Request',
  JSON.stringify({
    message: 'First name is required. Please select at least one issue.',
    code: 'invalid_argument',
    details: [
      { field: 'firstName', message: 'First name is required', rule: 'first_name.required' },
      { field: 'issues', message: 'Please select at least one issue', rule: 'issues.required_on_home_form' },
    ],
  }),
);
const rateLimited = new ApiError(
  429,
  'Too Many Requests',
  JSON.stringify({ message: 'Too many requests. Please wait a minute and try again.', code: 'resource_exhausted', details: [] }),
);

describe('serverMessage', () => {
  it("is the server's message for its JSON error bodies", () => {
    expect(serverMessage(validation)).toBe('First name is required. Please select at least one issue.');
    expect(serverMessage(rateLimited)).toBe('Too many requests. Please wait a minute and try again.');
  });

  it('is null when there is nothing written for people', () => {
    expect(serverMessage(new ApiError(502, 'Bad Gateway', '<html><body>502</body></html>'))).toBeNull();
    expect(serverMessage(new ApiError(500, 'Internal Server Error', ''))).toBeNull();
    expect(serverMessage(new ApiError(500, 'x', JSON.stringify({ message: '', details: [] })))).toBeNull();
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeNull();
  });
});

describe('fieldViolations', () => {
  it('lists the per-field problems of a 400 answer', () => {
    expect(fieldViolations(validation)).toEqual([
      { field: 'firstName', message: 'First name is required', rule: 'first_name.required' },
      { field: 'issues', message: 'Please select at least one issue', rule: 'issues.required_on_home_form' },
    ]);
  });

  it('is empty for other failures and skips malformed entries', () => {
    expect(fieldViolations(rateLimited)).toEqual([]);
    expect(fieldViolations(new Error('offline'))).toEqual([]);
    const odd = new ApiError(
      400,
      'Bad Request',
      JSON.stringify({ details: [null, 'x', { field: 'email' }, { field: 'phone', message: 'Phone number is required' }] }),
    );
    expect(fieldViolations(odd)).toEqual([{ field: 'phone', message: 'Phone number is required' }]);
  });
});

describe('staleVersion', () => {
  const stale = new ApiError(
    409,
    'Conflict',
    JSON.stringify({
      message: 'This post was changed by ben@valleytrenchless.example at 2026-11-26 12:04 UTC, after you opened it.',
      code: 'aborted',
      details: [],
      reason: 'STALE_VERSION',
      metadata: { version: '4', updatedBy: 'ben@valleytrenchless.example', updatedAt: '2026-11-26T12:04:05Z' },
    }),
  );

  it('reads who saved the newer version, and when, from a 409', () => {
    expect(staleVersion(stale)).toEqual({ version: '4', updatedBy: 'ben@valleytrenchless.example', updatedAt: '2026-11-26T12:04:05Z' });
  });

  it('is null for every other answer, a slug conflict (409 without the reason) included', () => {
    const slugTaken = new ApiError(409, 'Conflict', JSON.stringify({ message: 'A post with the slug "x" already exists.', code: 'already_exists', details: [] }));
    expect(staleVersion(slugTaken)).toBeNull();
    expect(staleVersion(validation)).toBeNull();
    expect(staleVersion(new ApiError(409, 'Conflict', 'not json'))).toBeNull();
    expect(staleVersion(new TypeError('Failed to fetch'))).toBeNull();
  });
});
