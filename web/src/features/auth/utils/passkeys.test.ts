import { describe, expect, it } from 'vitest';
import { MAX_PASSKEY_NAME, nameProblem, passkeyFacts } from './passkeys';

describe('passkeyFacts', () => {
  it('names where a passkey lives and whether it syncs', () => {
    expect(passkeyFacts({ transports: ['internal', 'hybrid'], synced: true })).toEqual(['Built into a device', 'Synced to your other devices']);
    expect(passkeyFacts({ transports: ['usb', 'nfc'], synced: false })).toEqual(['Security key']);
    expect(passkeyFacts({ transports: ['hybrid'], synced: false })).toEqual(['On a phone']);
  });

  it('says nothing the browser did not say', () => {
    expect(passkeyFacts({ transports: [], synced: false })).toEqual([]);
  });
});

describe('nameProblem', () => {
  it('asks for a name of 1 to 60 characters, counted as people count them', () => {
    expect(nameProblem('  ')).toContain('Give the passkey a name');
    expect(nameProblem('Work laptop')).toBe('');
    expect(nameProblem('é'.repeat(MAX_PASSKEY_NAME))).toBe('');
    expect(nameProblem('x'.repeat(MAX_PASSKEY_NAME + 1))).toContain('at most 60 characters');
  });
});
