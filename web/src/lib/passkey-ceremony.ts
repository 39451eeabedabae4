// Passkey ceremonies in the browser: the gateway's begin (WebAuthn options
// as JSON, and a cookie naming the ceremony), the browser's prompt through
// @simplewebauthn/browser, and the gateway's finish with the browser's
// answer. The library is imported when a ceremony starts, so no page loads
// it before someone asks for a passkey (and no public page ever does).
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { ApiError, apiRequest } from './api-client';
import { serverMessage } from './api-errors';

/** The browser's prompt: make a passkey, or sign with one. */
export type CeremonyKind = 'create' | 'get';

async function prompt(kind: CeremonyKind, options: unknown): Promise<RegistrationResponseJSON | AuthenticationResponseJSON> {
  const webauthn = await import('@simplewebauthn/browser');
  if (!webauthn.browserSupportsWebAuthn()) throw new PasskeyUnsupported();
  return kind === 'create'
    ? webauthn.startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON })
    : webauthn.startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
}

/**
 * One ceremony: POST `begin` (with `body`, if any), the browser's prompt,
 * POST the answer to `finish`; the finish's JSON answer is returned. The
 * server's refusals throw ApiError; the browser's (the person cancelled,
 * no authenticator) throw what the browser threw.
 */
export async function passkeyCeremony<T>(kind: CeremonyKind, begin: string, finish: string, body?: unknown): Promise<T> {
  const options: unknown = await (await apiRequest('POST', begin, body)).json();
  const answer = await prompt(kind, options);
  return (await (await apiRequest('POST', finish, answer)).json()) as T;
}

/** The browser has no WebAuthn at all. */
export class PasskeyUnsupported extends Error {
  override readonly name = 'PasskeyUnsupported';
  constructor() {
    super('This browser cannot use passkeys.');
  }
}

function browserErrorName(err: unknown): string {
  if (!(err instanceof Error)) return '';
  // @simplewebauthn/browser wraps the browser's DOMException (its `cause`)
  // in an error of its own that keeps the name.
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof Error && cause.name !== 'Error') return cause.name;
  return err.name;
}

function browserErrorCode(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/**
 * The person closed the browser's prompt, or it timed out (the browser
 * does not say which): not a failure to report, only to note.
 */
export function passkeyCancelled(err: unknown): boolean {
  const name = browserErrorName(err);
  return name === 'NotAllowedError' || name === 'AbortError';
}

/** What went wrong, in words for the person; the server's own words for its refusals. */
export function passkeyProblem(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return serverMessage(err) ?? fallback;
  if (err instanceof PasskeyUnsupported) return 'This browser cannot use passkeys. Use an up-to-date browser, or sign in another way.';
  const code = browserErrorCode(err);
  const name = browserErrorName(err);
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return 'This device already has a passkey for your account. Use that one, or add a passkey on another device.';
  }
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError') {
    return 'Passkeys do not work at this address of the site. Open the site by its usual name and try again.';
  }
  if (code === 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT' || name === 'ConstraintError') {
    return 'This security key cannot keep a passkey. Use this device’s own passkeys, your phone, or another key.';
  }
  return fallback;
}

/** Why the gateway refused (its error body's `reason`, e.g. PASSKEY_ENROLMENT_REQUIRED); '' when it gave none. */
export function refusalReason(err: unknown): string {
  if (!(err instanceof ApiError)) return '';
  try {
    const reason: unknown = (JSON.parse(err.bodyText) as { reason?: unknown } | null)?.reason;
    return typeof reason === 'string' ? reason : '';
  } catch {
    return '';
  }
}

/** The reasons the sign-in page acts on (services/gateway/internal/passkeys). */
export const PASSKEY_REQUIRED = 'PASSKEY_REQUIRED';
export const PASSKEY_ENROLMENT_REQUIRED = 'PASSKEY_ENROLMENT_REQUIRED';
/** Adding or removing a passkey needs a sign-in within 10 minutes, or the password typed again (POST /api/account/confirm). */
export const RECENT_SIGN_IN_REQUIRED = 'RECENT_SIGN_IN_REQUIRED';
