import type { Passkey } from '../api/list-passkeys';

/** The longest passkey name the gateway keeps, in characters. */
export const MAX_PASSKEY_NAME = 60;

/**
 * What a passkey is, as a person would say it, from how the browser
 * reaches it and whether its platform syncs it: e.g. ["Built into a
 * device", "Synced"]; [] when the browser did not say.
 */
export function passkeyFacts(p: Pick<Passkey, 'transports' | 'synced'>): string[] {
  const t = new Set(p.transports);
  const facts: string[] = [];
  if (t.has('internal')) facts.push('Built into a device');
  else if (t.has('usb') || t.has('nfc') || t.has('ble')) facts.push('Security key');
  else if (t.has('hybrid')) facts.push('On a phone');
  if (p.synced) facts.push('Synced to your other devices');
  return facts;
}

/** What is wrong with a passkey's name, said before the server has to; '' when nothing is. */
export function nameProblem(name: string): string {
  if (name.trim() === '') return 'Give the passkey a name, such as the device it is on.';
  if ([...name.trim()].length > MAX_PASSKEY_NAME) return `A passkey’s name is at most ${MAX_PASSKEY_NAME} characters.`;
  return '';
}
