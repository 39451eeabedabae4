import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { inviteStaff } from './invite-staff';
import { listStaff } from './list-staff';
import { newInviteLink } from './new-invite-link';
import { toStaffMember, withMember } from './staff-json';
import { updateStaff } from './update-staff';

afterEach(() => vi.unstubAllGlobals());

/** fetch answering `status` with `body` (JSON); the calls it got. */
function answer(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The method, URL and JSON body of the one call made. */
function sent(fetch: ReturnType<typeof answer>) {
  const [url, init] = fetch.mock.calls[0]!;
  return { method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
}

const ANA = {
  id: 'u1',
  username: 'ana@pipes.example',
  role: 'editor',
  signIn: 'password',
  status: 'invited',
  createdAt: '2026-11-28T10:00:00Z',
  passkeys: 0,
};

describe('the Staff tab’s calls', () => {
  it('lists the staff, filling what proto JSON leaves out', async () => {
    const fetch = answer(200, { staff: [ANA, { id: 'u2', username: 'bo@pipes.example', role: 'owner', lastSignInAt: '2026-11-28T11:00:00Z', passkeys: 2 }] });
    const staff = await listStaff();
    expect(sent(fetch)).toEqual({ method: 'GET', url: '/api/admin/staff', body: undefined });
    expect(staff[0]).toEqual({ ...ANA, lastSignInAt: '' });
    expect(staff[1]).toMatchObject({ signIn: '', status: '', createdAt: '', lastSignInAt: '2026-11-28T11:00:00Z', passkeys: 2 });
    answer(200, {});
    await expect(listStaff()).resolves.toEqual([]);
  });

  it('invites with {username, role, signIn} and reads the one-time link', async () => {
    const fetch = answer(200, { member: ANA, setPasswordUrl: 'https://site.example/admin/set-password#token=abc', linkExpiresAt: '2026-12-01T10:00:00Z' });
    const invitation = await inviteStaff({ username: 'ana@pipes.example', role: 'editor', signIn: 'password' });
    expect(sent(fetch)).toEqual({ method: 'POST', url: '/api/admin/staff', body: { username: 'ana@pipes.example', role: 'editor', signIn: 'password' } });
    expect(invitation).toEqual({
      member: { ...ANA, lastSignInAt: '' },
      setPasswordUrl: 'https://site.example/admin/set-password#token=abc',
      linkExpiresAt: '2026-12-01T10:00:00Z',
    });
    // A Google account comes without a link.
    answer(200, { member: { ...ANA, signIn: 'google', status: 'active' } });
    await expect(inviteStaff({ username: 'ana@pipes.example', role: 'editor', signIn: 'google' })).resolves.toMatchObject({ setPasswordUrl: '', linkExpiresAt: '' });
  });

  it('changes one thing at a time with PATCH, and asks for a new link by id', async () => {
    let fetch = answer(200, { ...ANA, role: 'sales' });
    await expect(updateStaff({ id: 'u/1', change: { role: 'sales' } })).resolves.toMatchObject({ role: 'sales' });
    expect(sent(fetch)).toEqual({ method: 'PATCH', url: '/api/admin/staff/u%2F1', body: { role: 'sales' } });
    fetch = answer(200, { ...ANA, status: 'disabled' });
    await updateStaff({ id: 'u1', change: { disabled: true } });
    expect(sent(fetch).body).toEqual({ disabled: true });
    fetch = answer(200, { member: ANA, setPasswordUrl: 'https://x.example/admin/set-password#token=new' });
    await expect(newInviteLink('u1')).resolves.toMatchObject({ setPasswordUrl: 'https://x.example/admin/set-password#token=new' });
    expect(sent(fetch)).toMatchObject({ method: 'POST', url: '/api/admin/staff/u1/invite-link' });
  });

  it('fails with the server’s words, e.g. the last owner’s protection (409)', async () => {
    answer(409, { message: 'The last active owner cannot be demoted: make another owner first.', code: 'failed_precondition', details: [] });
    const err = await updateStaff({ id: 'u2', change: { role: 'editor' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(409);
    expect(serverMessage(err)).toBe('The last active owner cannot be demoted: make another owner first.');
  });
});

describe('the loaded list', () => {
  const owner = toStaffMember({ id: 'o', username: 'zed@pipes.example', role: 'owner' });
  const ana = toStaffMember(ANA);
  const bo = toStaffMember({ id: 'b', username: 'bo@pipes.example', role: 'sales' });

  it('keeps the server’s order, owners first then by e-mail, as members join and change', () => {
    const list = withMember([owner, bo], ana)!;
    expect(list.map((m) => m.id)).toEqual(['o', 'u1', 'b']);
    expect(withMember(list, { ...bo, role: 'owner' })!.map((m) => m.id)).toEqual(['b', 'o', 'u1']);
    expect(withMember(list, { ...ana, status: 'disabled' })!.find((m) => m.id === 'u1')?.status).toBe('disabled');
    expect(withMember(undefined, ana)).toBeUndefined();
  });
});
