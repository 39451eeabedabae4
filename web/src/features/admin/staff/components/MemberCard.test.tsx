import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { attrOf, elements, labelledSections, texts, visibleText } from '@/testing/html';
import { toStaffMember } from '../api/staff-json';
import { InviteForm } from './InviteForm';
import { MemberCard } from './MemberCard';

const ANA = toStaffMember({
  id: 'u1',
  username: 'ana@pipes.example',
  role: 'editor',
  signIn: 'password',
  status: 'invited',
  createdAt: '2026-11-28T10:00:00Z',
});

function card(props: Partial<ComponentProps<typeof MemberCard>> = {}): string {
  return renderToString(
    <QueryClientProvider client={createQueryClient()}>
      <MemberCard
        member={ANA}
        isSelf={false}
        link={null}
        onLink={() => {}}
        onLinkDismissed={() => {}}
        announce={() => {}}
        onSelfChanged={() => {}}
        {...props}
      />
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

/** Each button's accessible text. */
const buttons = (html: string) => texts(html, 'button');

describe('a member’s card', () => {
  it('says who, their status, how and when they sign in, and their passkeys', () => {
    const html = card();
    expect(texts(html, 'h2')).toEqual(['ana@pipes.example']);
    expect(visibleText(html)).toContain('Invited');
    const facts = texts(html, 'div', { class: 'staff-fact' });
    expect(facts).toEqual(['Role Editor', 'Signs in with Password', 'Last sign-in Never', 'Passkeys No passkeys', expect.stringMatching(/^Added Nov 28, 2026$/)]);
  });

  it('offers a new link to an invited local account, a role to change and Disable', () => {
    const html = card();
    expect(buttons(html)).toEqual([
      'Change role of ana@pipes.example',
      'New set-password link for ana@pipes.example',
      'Disable ana@pipes.example',
    ]);
    // The role's select is labelled and starts at the stored role; Change role waits for a different one.
    const select = elements(html, 'select')[0]!;
    expect(texts(html, 'label')).toContain('Role of ana@pipes.example');
    expect(elements(select.inner, 'option', { selected: true }).map((o) => visibleText(o.inner))).toEqual(['Editor']);
    expect(attrOf(elements(html, 'button', { type: 'submit' })[0]!.open, 'disabled')).toBeDefined();
  });

  it('offers Enable again for a disabled account, and no link to an active or Google one', () => {
    const html = card({ member: { ...ANA, status: 'disabled', signIn: 'google' } });
    expect(buttons(html)).toEqual(['Change role of ana@pipes.example', 'Enable again ana@pipes.example']);
    expect(visibleText(html)).toContain('Disabled');
  });

  it('marks the owner’s own card, which has no Disable', () => {
    const html = card({ member: { ...ANA, role: 'owner', status: 'active' }, isSelf: true });
    expect(texts(html, 'h2')).toEqual(['ana@pipes.example (you)']);
    expect(buttons(html)).toEqual(['Change role of ana@pipes.example']);
  });

  it('shows a new set-password link once, with whom to send it to and until when', () => {
    const html = card({ link: { memberId: 'u1', username: 'ana@pipes.example', url: 'https://site.example/admin/set-password#token=abc', expiresAt: '2026-12-01T10:00:00Z' } });
    labelledSections(html);
    const panel = elements(html, 'section', { 'data-testid': 'set-password-link-panel' })[0]!;
    expect(texts(panel.inner, 'h3')).toEqual(['Their set-password link']);
    expect(visibleText(panel.inner)).toContain('Copy it now: it will not be shown again. Send it to ana@pipes.example yourself');
    expect(visibleText(panel.inner)).toMatch(/It works once, until Dec 1, 2026/);
    expect(attrOf(elements(panel.inner, 'input')[0]!.open, 'value')).toBe('https://site.example/admin/set-password#token=abc');
    expect(texts(panel.inner, 'button')).toEqual(['Copy the set-password link', 'I have sent the link']);
  });
});

describe('the invitation form', () => {
  const form = (googleAvailable: boolean) =>
    renderToString(
      <InviteForm staffDomain="pipes.example" googleAvailable={googleAvailable} invite={async () => {}} onCancel={() => {}} />,
    ).replaceAll('<!-- -->', '');

  it('labels every control and explains each role and way to sign in', () => {
    const html = form(true);
    expect(texts(html, 'legend')).toEqual(['Role', 'How they sign in']);
    expect(texts(html, 'label', { class: 'staff-choice' })).toEqual([
      'Owner Everything: posts, site text, media, leads, integrations and staff.',
      'Editor Posts, site text and media. No leads, integrations or staff.',
      'Sales Leads. Reads posts, site text and media without changing them.',
      'Google With their @pipes.example Google account. Nothing to send them: they can sign in at once.',
      'Password With their e-mail and a password. You get a one-time link to send them, with which they choose it.',
    ]);
    expect(elements(html, 'input', { value: 'google', disabled: true })).toHaveLength(0);
  });

  it('offers only a password where Google sign-in is off', () => {
    const html = form(false);
    expect(elements(html, 'input', { value: 'google', disabled: true })).toHaveLength(1);
    expect(visibleText(html)).toContain('Google sign-in is not configured on this server.');
  });
});
