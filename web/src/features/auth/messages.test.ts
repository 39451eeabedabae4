import { describe, expect, it } from 'vitest';
import { accessDeniedMessage, authErrorMessage } from './messages';

describe('sign-in messages', () => {
  it('names the staff domain when access is denied', () => {
    expect(accessDeniedMessage('valleytrenchless.example')).toBe(
      'Access denied. Only valleytrenchless.example email addresses are allowed.',
    );
  });

  it('says what to do for each refusal the gateway reports', () => {
    expect(authErrorMessage('not_invited')).toMatch(/Ask an owner of the site to add you on the Staff tab/);
    expect(authErrorMessage('account_disabled')).toBe('This account is disabled. Ask an owner of the site if you need it back.');
    expect(authErrorMessage('google_unavailable')).toMatch(/not configured/);
    expect(authErrorMessage('anything else')).toBe('Sign-in did not complete. Please try again.');
  });
});
