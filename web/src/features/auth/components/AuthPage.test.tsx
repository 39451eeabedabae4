import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { authProvidersQueryKey, type AuthProviders } from '../api/get-auth-providers';
import { userQueryKey, type SessionUser } from '../api/get-user';
import { accessDeniedMessage } from '../messages';
import { AuthPage } from './AuthPage';
import { openTag } from '@/testing/html';

/** The page at `url` with the user and providers already known (as after their fetches). */
function render(url: string, user: SessionUser | null, providers: AuthProviders) {
  const client = createQueryClient();
  client.setQueryData(userQueryKey, user);
  client.setQueryData(authProvidersQueryKey, providers);
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AuthPage />
      </MemoryRouter>
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

const google = { google: true, staffDomain: 'pipes.example', passwordReset: true };

describe('AuthPage', () => {
  it('states the company-domain rule and links Google sign-in to /auth/google', () => {
    const html = render('/auth', null, google);
    expect(html).toContain('Only company-domain Google accounts (<strong>@pipes.example</strong>) may sign in.');
    expect(html).toMatch(/<a href="\/auth\/google"[^>]*>.*Sign in with Google<\/a>/);
    expect(html).toContain('Sign in with e-mail');
    expect(html).not.toContain('role="alert"');
  });

  it('shows SPEC §8 access-denied alert with the server’s staff domain', () => {
    const html = render('/auth?error=access_denied', null, google);
    expect(accessDeniedMessage('pipes.example')).toBe('Access denied. Only pipes.example email addresses are allowed.');
    expect(html).toMatch(
      new RegExp(`${openTag('div', { class: 'staff-alert staff-alert--error', role: 'alert' }).source}Access denied\\. Only pipes\\.example email addresses are allowed\\.</div>`),
    );
  });

  it('says Google sign-in is not configured instead of offering a link that fails', () => {
    const html = render('/auth', null, { google: false, staffDomain: 'pipes.example', passwordReset: true });
    expect(html).not.toContain('href="/auth/google"');
    expect(html).toMatch(new RegExp(`${openTag('button', { disabled: true }).source}Sign in with Google</button>`));
    expect(html).toContain('Google sign-in is not configured on this server.');
  });

  it('lets a signed-in user without staff rights stay on the denied page and sign out', () => {
    const html = render('/auth?error=access_denied', { id: '1', username: 'eve@example.com', isStaff: false, role: '', signIn: 'password' }, google);
    expect(html).toContain('You are signed in as <strong>eve@example.com</strong>, which is not a staff account.');
    expect(html).toContain('Sign out');
  });

  it('renders nothing of the form for signed-in staff (they are sent on to /admin)', () => {
    const html = render('/auth', { id: '1', username: 'ana@pipes.example', isStaff: true, role: 'owner', signIn: 'google' }, google);
    expect(html).not.toContain('Sign in with e-mail');
  });
  it('links a forgotten password to a reset link by e-mail where the server can send mail', () => {
    const html = render('/auth', null, google);
    expect(html).toMatch(/<a href="\/admin\/forgot-password"[^>]*>Forgot your password\?<\/a>/);
  });

  it('sends a forgotten password to an owner where the server cannot send mail', () => {
    const html = render('/auth', null, { ...google, passwordReset: false });
    expect(html).not.toContain('/admin/forgot-password');
    expect(html).toContain('Forgot your password? Ask an owner of the site for a new set-password link.');
  });
});
