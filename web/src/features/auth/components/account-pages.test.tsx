import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { attrOf, elements, expectHeadingOutline, labelledSections, texts, visibleText } from '@/testing/html';
import { authProvidersQueryKey } from '../api/get-auth-providers';
import { getSetPasswordLink, setPasswordLinkQueryKey } from '../api/get-set-password-link';
import { setPassword } from '../api/set-password';
import { userQueryKey, type SessionUser } from '../api/get-user';
import { AccountPage } from './AccountPage';
import { linkToken, SetPasswordPage } from './SetPasswordPage';

afterEach(() => vi.unstubAllGlobals());

function render(node: ReactNode, url: string, setup: (client: ReturnType<typeof createQueryClient>) => void = () => {}) {
  const client = createQueryClient();
  setup(client);
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>{node}</MemoryRouter>
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

/** The ids of the <label for> elements whose text starts with `text`, and their controls' opening tags. */
function control(html: string, text: string): string {
  const label = elements(html, 'label', { for: true }).find((l) => visibleText(l.inner).startsWith(text));
  const id = label && attrOf(label.open, 'for');
  const tag = id && elements(html, 'input', { id })[0]?.open;
  if (!tag) throw new Error(`no control labelled ${text}`);
  return tag;
}

describe('the account page', () => {
  const html = render(<AccountPage username="ana@pipes.example" role="sales" signIn="password" />, '/admin/account');

  it('offers a password change only to an account that has a password', () => {
    expect(html).toContain('Change password');
    const google = render(<AccountPage username="bo@pipes.example" role="editor" signIn="google" />, '/admin/account');
    expect(google).not.toContain('Change password');
  });

  it('says who is signed in and with which role, in labelled sections under one heading', () => {
    expectHeadingOutline(html);
    expect(texts(html, 'h1')).toEqual(['Your account']);
    expect(labelledSections(html).length).toBeGreaterThanOrEqual(2);
    expect(texts(html, 'div', { class: 'staff-fact' })).toEqual([
      'E-mail ana@pipes.example',
      'Role Sales Leads. Reads posts, site text and media without changing them.',
    ]);
  });

  it('changes the password with the current one and the new one twice, for password managers too', () => {
    expect(texts(html, 'h2')).toContain('Change password');
    expect(attrOf(control(html, 'Current password'), 'autocomplete')).toBe('current-password');
    expect(attrOf(control(html, 'New password again'), 'autocomplete')).toBe('new-password');
    const password = control(html, 'New password');
    expect(attrOf(password, 'type')).toBe('password');
    expect(visibleText(html)).toContain('At least 12 characters, and not a common password');
    expect(visibleText(html)).toContain('Changing it signs you out on every other device and browser');
    expect(texts(html, 'button')).toContain('Change password');
  });
});

describe('the set-password page', () => {
  const TOKEN = 'tok_abc';
  const page = (hash: string, setup?: (client: ReturnType<typeof createQueryClient>) => void) =>
    render(<SetPasswordPage />, `/admin/set-password${hash}`, setup);

  /** The page of a link the gateway answered 404 with `message`, on a server that can (or cannot) mail a new one. */
  const deadLink = (message: string, passwordReset: boolean) =>
    page(`#token=${TOKEN}`, (client) => {
      client.setQueryData(authProvidersQueryKey, { google: false, staffDomain: 'pipes.example', passwordReset });
      client.setQueryDefaults(setPasswordLinkQueryKey(TOKEN), { retryOnMount: false });
      client
        .getQueryCache()
        .build(client, { queryKey: setPasswordLinkQueryKey(TOKEN) })
        .setState({ status: 'error', error: new ApiError(404, 'Not Found', JSON.stringify({ message })), fetchStatus: 'idle' });
    });

  it('reads the token from the address’s fragment only', () => {
    expect(linkToken('#token=tok_abc')).toBe('tok_abc');
    expect(linkToken('#token=a%2Bb&x=1')).toBe('a+b');
    expect(linkToken('')).toBe('');
    expect(linkToken('#nothing')).toBe('');
  });

  it('says whose account the link is for and until when, and takes the new password twice', () => {
    const html = page(`#token=${TOKEN}`, (client) => {
      client.setQueryData(setPasswordLinkQueryKey(TOKEN), { username: 'ana@pipes.example', expiresAt: '2026-12-01T10:00:00Z', resetLink: false });
      client.setQueryData(userQueryKey, null);
    });
    expect(texts(html, 'h1')).toEqual(['Set your password']);
    expect(visibleText(html)).toMatch(/For ana@pipes\.example \. Choose the password you will sign in with; this link works once, until Dec 1, 2026/);
    expect(attrOf(control(html, 'New password'), 'autocomplete')).toBe('new-password');
    expect(attrOf(control(html, 'New password again'), 'autocomplete')).toBe('new-password');
    // The account's name for a password manager, not shown.
    expect(elements(html, 'input', { autocomplete: 'username', value: 'ana@pipes.example', hidden: true })).toHaveLength(1);
    expect(texts(html, 'button')).toEqual(['Set password and sign in']);
  });

  it('warns a browser signed in as someone else that it will be signed in as the link’s account', () => {
    const html = page(`#token=${TOKEN}`, (client) => {
      client.setQueryData(setPasswordLinkQueryKey(TOKEN), { username: 'ana@pipes.example', expiresAt: '', resetLink: false });
      client.setQueryData<SessionUser>(userQueryKey, { id: '1', username: 'bo@pipes.example', isStaff: true, role: 'owner', signIn: 'password' });
    });
    expect(visibleText(html)).toContain('This browser is signed in as bo@pipes.example : setting this password signs it in as ana@pipes.example instead.');
  });

  it('says an unknown, used or expired link cannot be used, in the server’s words, and what to do', () => {
    const html = deadLink('This link has been used or has expired.', false);
    expect(texts(html, 'div', { role: 'alert' })).toEqual(['This link has been used or has expired. Ask an owner for a new link.']);
    expect(html).not.toContain('<form');
  });

  it('offers a new link by e-mail for a dead link where the server can send mail', () => {
    const html = deadLink('This link has expired or was already used.', true);
    expect(texts(html, 'div', { role: 'alert' })).toEqual([
      'This link has expired or was already used. Ask an owner for a new link, or have a new one e-mailed to you .',
    ]);
    expect(html).toMatch(/<a href="\/admin\/forgot-password"[^>]*>have a new one e-mailed to you<\/a>/);
  });

  it('words a reset link as a new password that signs no one in, whoever this browser is signed in as', () => {
    const html = page(`#token=${TOKEN}`, (client) => {
      client.setQueryData(setPasswordLinkQueryKey(TOKEN), { username: 'ana@pipes.example', expiresAt: '2026-12-01T10:00:00Z', resetLink: true });
      client.setQueryData<SessionUser>(userQueryKey, { id: '1', username: 'bo@pipes.example', isStaff: true, role: 'owner', signIn: 'password' });
    });
    expect(texts(html, 'h1')).toEqual(['Set a new password']);
    expect(texts(html, 'button')).toEqual(['Set new password']);
    expect(visibleText(html)).not.toContain('This browser is signed in as');
  });

  it('waits for the server’s sign-in options before saying what a dead link can do, so its words come whole', () => {
    const html = page('');
    expect(html).not.toContain('role="alert"');
    expect(visibleText(html)).toContain('Checking your link…');
  });

  it('says so when the address has no token', () => {
    const html = page('', (client) => {
      client.setQueryData(authProvidersQueryKey, { google: false, staffDomain: 'pipes.example', passwordReset: false });
    });
    expect(visibleText(html)).toContain('This address has no set-password link in it.');
    expect(visibleText(html)).toContain('Ask an owner for a new link.');
  });

  it('asks the gateway about the link with the token, and sets the password with it', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify({ username: 'ana@pipes.example', expiresAt: '2026-12-01T10:00:00Z' })));
    vi.stubGlobal('fetch', fetch);
    await expect(getSetPasswordLink('a+b/c')).resolves.toEqual({ username: 'ana@pipes.example', expiresAt: '2026-12-01T10:00:00Z', resetLink: false });
    expect(fetch.mock.calls[0]![0]).toBe('/api/set-password?token=a%2Bb%2Fc');
    fetch.mockResolvedValueOnce(new Response(JSON.stringify({ id: 'u1', username: 'ana@pipes.example', isStaff: true, role: 'editor' })));
    await expect(setPassword({ token: 'a+b/c', password: 'a long passphrase', reset: false })).resolves.toMatchObject({ role: 'editor' });
    const [url, init] = fetch.mock.calls[1]!;
    expect([url, init?.method, JSON.parse(String(init?.body))]).toEqual(['/api/set-password', 'POST', { token: 'a+b/c', password: 'a long passphrase' }]);
  });
});
