import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { attrOf, elements, texts, visibleText } from '@/testing/html';
import { sessionsQueryKey, type AccountSession } from '../api/sessions';
import { currentFirst, sessionFacts, sessionName } from '../utils/sessions';
import { ConfirmItsYou } from './ConfirmItsYou';
import { SessionsSection } from './SessionsSection';

const session = (over: Partial<AccountSession>): AccountSession => ({
  id: 'a'.repeat(32),
  createdAt: '2026-11-27T16:00:00Z',
  lastActiveAt: '2026-11-29T09:55:00Z',
  expiresAt: '2026-12-04T16:00:00Z',
  method: 'password',
  browser: 'Chrome',
  os: 'macOS',
  mobile: false,
  current: false,
  ...over,
});

function render(list: AccountSession[]) {
  const client = createQueryClient();
  client.setQueryData(sessionsQueryKey, list);
  return renderToString(
    <QueryClientProvider client={client}>
      <SessionsSection />
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

describe('where you are signed in', () => {
  it('names each browser as people do, and says how and when it signed in and was last active', () => {
    const now = new Date('2026-11-29T10:00:00Z');
    expect(sessionName({ browser: 'Safari', os: 'iOS' })).toBe('Safari on iOS');
    expect(sessionName({ browser: '', os: 'Linux' })).toBe('A browser on Linux');
    expect(sessionName({ browser: 'Firefox', os: '' })).toBe('Firefox');
    expect(sessionName({ browser: '', os: '' })).toBe('An unknown browser');
    const facts = sessionFacts(session({ method: 'passkey' }), now);
    expect(facts).toMatch(/^Signed in with a passkey on Nov 2[67], 2026 · Active 5 minutes ago$/);
    expect(sessionFacts(session({ current: true, method: 'google' }), now)).toMatch(/^Signed in with Google on .* · Active now$/);
    expect(sessionFacts(session({ method: '' }), now)).toMatch(/^Signed in on /);
  });

  it('puts this browser first, marked, and gives every other one its own Sign out, then Sign out everywhere else', () => {
    const list = [
      session({ id: 'b'.repeat(32), browser: 'Safari', os: 'iOS', mobile: true }),
      session({ id: 'c'.repeat(32), current: true, browser: 'Chrome', os: 'Linux' }),
    ];
    expect(currentFirst(list).map((s) => s.id[0])).toEqual(['c', 'b']);
    const html = render(list);
    expect(texts(html, 'h2')).toEqual(['Where you’re signed in']);
    const items = elements(html, 'li').map((li) => visibleText(li.inner));
    expect(items[0]).toMatch(/^Chrome on Linux This browser/);
    expect(items[1]).toMatch(/^Safari on iOS Signed in with a password/);
    expect(texts(html, 'button')).toEqual(['Sign out', 'Sign out everywhere else']);
    const signOut = elements(html, 'button')[0]!;
    expect(attrOf(signOut.open, 'aria-describedby')).toBeTruthy();
  });

  it('has nothing to sign out when this is the only browser', () => {
    const html = render([session({ current: true })]);
    expect(texts(html, 'button')).toEqual([]);
  });
});

describe('confirm it’s you', () => {
  const render = (signIn: string) =>
    renderToString(
      <QueryClientProvider client={createQueryClient()}>
        <ConfirmItsYou signIn={signIn} doing="add or remove passkeys" onConfirmed={() => undefined} />
      </QueryClientProvider>,
    ).replaceAll('<!-- -->', '');

  it('asks a password account for its password, labelled, for a password manager', () => {
    const html = render('password');
    expect(texts(html, 'label')).toEqual(['Your password']);
    const input = elements(html, 'input')[0]!;
    expect(attrOf(input.open, 'type')).toBe('password');
    expect(attrOf(input.open, 'autocomplete')).toBe('current-password');
    expect(visibleText(html)).toContain('type your password again to add or remove passkeys');
    expect(texts(html, 'button')).toEqual(['Confirm']);
  });

  it('sends a Google account to sign in again, back to the account page', () => {
    const html = render('google');
    expect(elements(html, 'input')).toHaveLength(0);
    const link = elements(html, 'a')[0]!;
    expect(attrOf(link.open, 'href')).toBe('/auth/google?next=%2Fadmin%2Faccount');
    expect(visibleText(link.inner)).toBe('Sign in again with Google');
  });
});
