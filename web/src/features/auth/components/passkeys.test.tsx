import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { attrOf, elements, texts, visibleText } from '@/testing/html';
import { passkeysQueryKey, type Passkey } from '../api/list-passkeys';
import { signInPolicyQueryKey, type SignInPolicy as Policy } from '../api/sign-in-policy';
import { PasskeysSection } from './PasskeysSection';
import { SignInPolicy } from './SignInPolicy';

function render(node: ReactNode, seed: (client: ReturnType<typeof createQueryClient>) => void) {
  const client = createQueryClient();
  seed(client);
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

const laptop: Passkey = {
  id: 'AAEC',
  name: 'Work laptop',
  createdAt: '2026-11-02T09:00:00Z',
  lastUsedAt: '',
  transports: ['internal'],
  synced: true,
};

describe('the passkeys section', () => {
  it('lists each passkey with what it is and its own Rename and Remove, and a named field to add one', () => {
    const html = render(<PasskeysSection />, (c) => c.setQueryData(passkeysQueryKey, [laptop]));
    expect(texts(html, 'h2')).toEqual(['Passkeys']);
    const item = visibleText(elements(html, 'li')[0]!.inner);
    expect(item).toContain('Work laptop');
    expect(item).toContain('Built into a device · Synced to your other devices · Added');
    expect(item).toContain('Not used yet');
    expect(texts(html, 'button')).toEqual(['Rename', 'Remove', 'Add a passkey']);
    // Rename and Remove say which passkey they are for.
    const named = elements(html, 'button').filter((b) => attrOf(b.open, 'aria-describedby'));
    expect(named).toHaveLength(2);
    expect(texts(html, 'label')).toEqual(['Name for a new passkey']);
  });

  it('says when there are none', () => {
    const html = render(<PasskeysSection />, (c) => c.setQueryData(passkeysQueryKey, []));
    expect(visibleText(html)).toContain('You have no passkeys yet.');
  });
});

describe('the sign-in policy', () => {
  const policy: Policy = { requirePasskey: false, updatedBy: '', updatedAt: '1970-01-01T00:00:00Z', accountsWithoutPasskey: 2 };

  it('is a labelled switch that says whom it affects', () => {
    const html = render(<SignInPolicy />, (c) => c.setQueryData(signInPolicyQueryKey, policy));
    const box = elements(html, 'input', { type: 'checkbox' })[0]!;
    expect(attrOf(box.open, 'checked')).toBeUndefined();
    expect(texts(html, 'label')).toEqual(['Require a passkey or Google for every staff account']);
    expect(visibleText(html)).toContain('2 staff accounts sign in with a password and have no passkey.');
  });

  it('says who turned it on', () => {
    const on = { ...policy, requirePasskey: true, updatedBy: 'ann@pipes.example', updatedAt: '2026-11-02T10:00:00Z', accountsWithoutPasskey: 1 };
    const html = render(<SignInPolicy />, (c) => c.setQueryData(signInPolicyQueryKey, on));
    expect(attrOf(elements(html, 'input', { type: 'checkbox' })[0]!.open, 'checked')).toBeDefined();
    expect(visibleText(html)).toContain('1 staff account signs in with a password and has no passkey.');
    expect(visibleText(html)).toContain('Last changed by ann@pipes.example');
  });
});
