import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { domainOf, inviteInput, inviteProblem, inviteSchema } from './invite-form';
import { lastSignInText, passkeysText, signInLabel, statusInfo } from './staff-labels';

/** The schema's messages by field, for these values. */
function problems(values: { email: string; role: string; signIn: string }, domain = 'pipes.example') {
  const result = inviteSchema(domain).safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

const err = (status: number, body: unknown) => new ApiError(status, '', JSON.stringify(body));

describe('the invitation form', () => {
  it('asks for an address, a chosen role and a way to sign in', () => {
    expect(problems({ email: '', role: '', signIn: '' })).toEqual({
      email: 'Enter the person’s e-mail address.',
      role: 'Choose a role.',
      signIn: 'Choose how they sign in.',
    });
    expect(problems({ email: 'ana', role: 'admin', signIn: 'password' })).toEqual({
      email: 'Enter an e-mail address like ana@example.com.',
      role: 'Choose a role.',
    });
    expect(problems({ email: ' ana@elsewhere.example ', role: 'sales', signIn: 'password' })).toEqual({});
  });

  it('keeps Google accounts to the company’s domain (any case), and says what to choose instead', () => {
    expect(problems({ email: 'ana@elsewhere.example', role: 'editor', signIn: 'google' })).toEqual({
      email: 'A Google account must be an @pipes.example address. For any other address, choose Password.',
    });
    expect(problems({ email: 'Ana@Pipes.Example', role: 'editor', signIn: 'google' })).toEqual({});
    // Without a known domain the server decides.
    expect(problems({ email: 'ana@elsewhere.example', role: 'editor', signIn: 'google' }, '')).toEqual({});
    expect(domainOf('a@b@C.example')).toBe('c.example');
  });

  it('sends the trimmed address with the role and the method', () => {
    expect(inviteInput({ email: ' ana@pipes.example ', role: 'owner', signIn: 'google' })).toEqual({
      username: 'ana@pipes.example',
      role: 'owner',
      signIn: 'google',
    });
  });

  it('puts the server’s refusals where they belong', () => {
    expect(inviteProblem(err(409, { message: 'ana@pipes.example is already on the staff.' }))).toEqual({
      field: 'email',
      message: 'ana@pipes.example is already on the staff.',
    });
    expect(inviteProblem(err(400, { message: 'Invalid request', details: [{ field: 'username', message: 'Not an address.' }] }))).toEqual({
      field: 'email',
      message: 'Not an address.',
    });
    expect(inviteProblem(err(403, { message: 'Only an owner can invite staff.' }))).toEqual({ field: null, message: 'Only an owner can invite staff.' });
    expect(inviteProblem(new TypeError('Failed to fetch'))).toBeNull();
  });
});

describe('how a member is described', () => {
  it('words the status, the method, the last sign-in and the passkeys', () => {
    expect(['active', 'invited', 'disabled', ''].map((s) => statusInfo(s).label)).toEqual(['Active', 'Invited', 'Disabled', 'Unknown']);
    expect([signInLabel('google'), signInLabel('password'), signInLabel('')]).toEqual(['Google', 'Password', '—']);
    expect(lastSignInText('')).toBe('Never');
    expect(lastSignInText('2026-11-28T10:00:00Z')).toMatch(/^Nov 2[78], 2026/);
    expect([0, 1, 3].map(passkeysText)).toEqual(['No passkeys', '1 passkey', '3 passkeys']);
  });
});
