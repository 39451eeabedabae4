import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { PASSKEY_ENROLMENT_REQUIRED, passkeyCancelled, passkeyProblem, PasskeyUnsupported, refusalReason } from './passkey-ceremony';

/** What @simplewebauthn/browser throws: its error, the browser's DOMException as the cause. */
function wrapped(name: string, code = 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY') {
  const err = new Error('wrapped', { cause: new DOMException('the browser said no', name) }) as Error & { code: string };
  err.name = name;
  err.code = code;
  return err;
}

describe('passkeyCancelled', () => {
  it('is a closed prompt or a timeout, which the browser reports alike', () => {
    expect(passkeyCancelled(wrapped('NotAllowedError'))).toBe(true);
    expect(passkeyCancelled(new DOMException('closed', 'NotAllowedError'))).toBe(true);
    expect(passkeyCancelled(wrapped('AbortError', 'ERROR_CEREMONY_ABORTED'))).toBe(true);
    expect(passkeyCancelled(wrapped('InvalidStateError'))).toBe(false);
    expect(passkeyCancelled(new ApiError(400, 'Bad Request', '{}'))).toBe(false);
  });
});

describe('passkeyProblem', () => {
  it('gives the server its own words', () => {
    const err = new ApiError(401, 'Unauthorized', JSON.stringify({ message: 'The passkey could not be verified.', code: 'unauthenticated', details: [] }));
    expect(passkeyProblem(err, 'fallback')).toBe('The passkey could not be verified.');
    expect(passkeyProblem(new ApiError(502, 'Bad Gateway', '<html>'), 'fallback')).toBe('fallback');
  });

  it('says what the browser meant', () => {
    expect(passkeyProblem(wrapped('InvalidStateError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'), 'x')).toContain('already has a passkey for your account');
    expect(passkeyProblem(wrapped('SecurityError', 'ERROR_INVALID_DOMAIN'), 'x')).toContain('do not work at this address');
    expect(passkeyProblem(new PasskeyUnsupported(), 'x')).toContain('This browser cannot use passkeys');
    expect(passkeyProblem(new Error('odd'), 'fallback')).toBe('fallback');
  });
});

describe('refusalReason', () => {
  it('reads the reason of a refusal', () => {
    const body = JSON.stringify({ message: 'Add one now', code: 'failed_precondition', details: [], reason: PASSKEY_ENROLMENT_REQUIRED });
    expect(refusalReason(new ApiError(400, 'Bad Request', body))).toBe(PASSKEY_ENROLMENT_REQUIRED);
    expect(refusalReason(new ApiError(401, 'Unauthorized', '{"message":"Incorrect e-mail or password."}'))).toBe('');
    expect(refusalReason(new ApiError(500, 'Internal', 'not json'))).toBe('');
    expect(refusalReason(new Error('network'))).toBe('');
  });
});
