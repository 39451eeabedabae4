import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { elements, texts, visibleText } from '@/testing/html';
import { NotInYourRole, RoleGate, RoleProvider } from './access';
import { AdminShell } from './AdminShell';
import { landingFor, tabsFor } from './tabs';

function render(node: ReactNode, url = '/admin/posts'): string {
  return renderToString(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>{node}</MemoryRouter>
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

const shell = (role: string) =>
  render(
    <AdminShell username="ana@pipes.example" role={role} onLogout={() => {}} loggingOut={false}>
      <p>The tab</p>
    </AdminShell>,
  );

/** The tab bar's labels. */
const tabs = (html: string) => texts(elements(html, 'nav', { 'aria-label': 'Content manager sections' })[0]?.inner ?? '', 'a');

describe('the admin frame by role (issue 39)', () => {
  it('shows owners every tab, the edit-mode switch and their account', () => {
    const html = shell('owner');
    expect(tabs(html)).toEqual(['Blog Posts', 'Site Content', 'Media', 'Preview', 'Leads', 'Integrations', 'Staff', 'Audit']);
    expect(html).toContain('Edit content mode');
    expect(visibleText(html)).toContain('Welcome, ana@pipes.example (Owner)');
    expect(elements(html, 'a', { href: '/admin/account' }).map((a) => visibleText(a.inner))).toEqual(['Your account']);
  });

  it('shows editors the content tabs and the switch, no leads, integrations or staff', () => {
    const html = shell('editor');
    expect(tabs(html)).toEqual(['Blog Posts', 'Site Content', 'Media', 'Preview']);
    expect(html).toContain('Edit content mode');
    expect(visibleText(html)).toContain('(Editor)');
  });

  it('shows sales the content tabs to read and the leads, without the edit-mode switch', () => {
    const html = shell('sales');
    expect(tabs(html)).toEqual(['Blog Posts', 'Site Content', 'Media', 'Preview', 'Leads']);
    expect(html).not.toContain('Edit content mode');
    expect(html).toContain('Your account');
  });

  it('lands each role on its first tab, and one without a tab on its account', () => {
    expect(landingFor('owner').to).toBe('/admin/posts');
    expect(landingFor('sales').to).toBe('/admin/posts');
    expect(landingFor('').to).toBe('/admin/account');
    expect(tabsFor('')).toEqual([]);
  });
});

describe('a page the role does not include', () => {
  const gated = (role: string) =>
    render(
      <RoleProvider value={role}>
        <RoleGate needs="leads">
          <p>The leads</p>
        </RoleGate>
      </RoleProvider>,
      '/admin/leads',
    );

  it('is the page for a role that includes it', () => {
    expect(gated('sales')).toContain('The leads');
  });

  it('says why instead, with what the role covers and a link to where it starts', () => {
    const html = gated('editor');
    expect(html).not.toContain('The leads');
    const text = visibleText(html);
    expect(text).toContain('Your role doesn’t include this page.');
    expect(text).toMatch(/Editor ?, your role, covers posts, site text and media\./);
    expect(elements(html, 'a', { href: '/admin/posts' }).map((a) => visibleText(a.inner))).toEqual(['Go to Blog Posts']);
    expect(texts(html, 'h1')).toEqual(['Not part of your role']);
  });

  it('sends an account without a role to its account page', () => {
    const html = render(
      <RoleProvider value="">
        <NotInYourRole />
      </RoleProvider>,
    );
    expect(visibleText(html)).toContain('Your account has no role yet.');
    expect(elements(html, 'a', { href: '/admin/account' })).toHaveLength(1);
  });
});
