import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { attrOf, elements, expectHeadingOutline, texts, visibleText } from '@/testing/html';
import { authProvidersQueryKey } from '../api/get-auth-providers';
import { requestPasswordReset } from '../api/password-reset';
import { ForgotPasswordPage, NO_RESET_BY_MAIL } from './ForgotPasswordPage';

afterEach(() => vi.unstubAllGlobals());

function render(passwordReset: boolean) {
  const client = createQueryClient();
  client.setQueryData(authProvidersQueryKey, { google: true, staffDomain: 'pipes.example', passwordReset });
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/forgot-password']}>
        <ForgotPasswordPage />
      </MemoryRouter>
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

describe('the forgotten-password page', () => {
  it('asks for the e-mail address the person signs in with, labelled, for password managers too', () => {
    const html = render(true);
    expectHeadingOutline(html);
    expect(texts(html, 'h1')).toEqual(['Forgot your password?']);
    expect(visibleText(html)).toContain('Enter the e-mail address you sign in with.');
    const label = elements(html, 'label', { for: true }).find((l) => visibleText(l.inner) === 'E-mail');
    const input = elements(html, 'input', { id: attrOf(label!.open, 'for')! })[0]!.open;
    expect([attrOf(input, 'type'), attrOf(input, 'autocomplete'), attrOf(input, 'name')]).toEqual(['email', 'username', 'email']);
    expect(texts(html, 'button')).toEqual(['E-mail me a link']);
    expect(html).toMatch(/<a href="\/auth"[^>]*>← Back to sign-in<\/a>/);
  });

  it('says to ask an owner, with no form, where the server cannot send mail', () => {
    const html = render(false);
    expect(html).not.toContain('<form');
    expect(visibleText(html)).toContain(NO_RESET_BY_MAIL);
  });

  it('posts the address to the gateway', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{"ok":true}', { status: 202 }));
    vi.stubGlobal('fetch', fetch);
    await requestPasswordReset({ email: 'ana@pipes.example' });
    const [url, init] = fetch.mock.calls[0]!;
    expect([url, init?.method, JSON.parse(String(init?.body))]).toEqual(['/api/password-reset', 'POST', { email: 'ana@pipes.example' }]);
  });
});
