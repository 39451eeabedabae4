import type { InviteStaffResponseJson, StaffMemberJson } from '@/gen/trenchless/gateway/v1/staff_pb';

/** A staff account as the Staff tab shows it (the gateway's `StaffMember`), every field filled. */
export type StaffMember = {
  id: string;
  /** The e-mail address the person signs in with. */
  username: string;
  /** "owner", "editor" or "sales". */
  role: string;
  /** "google" or "password". */
  signIn: string;
  /** "active", "invited" (a local account whose link is unused) or "disabled". */
  status: string;
  createdAt: string;
  /** '' until the person first signs in. */
  lastSignInAt: string;
  passkeys: number;
};

/** A new or re-invited member and, for a local account, its one-time link (shown once). */
export type Invitation = { member: StaffMember; setPasswordUrl: string; linkExpiresAt: string };

type Loose<T> = { [K in keyof T]?: T[K] | null };

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export function toStaffMember(json: Loose<StaffMemberJson> | null | undefined): StaffMember {
  const m = json ?? {};
  return {
    id: text(m.id),
    username: text(m.username),
    role: text(m.role),
    signIn: text(m.signIn),
    status: text(m.status),
    createdAt: text(m.createdAt),
    lastSignInAt: text(m.lastSignInAt),
    passkeys: typeof m.passkeys === 'number' && Number.isFinite(m.passkeys) ? m.passkeys : 0,
  };
}

/** The answer of an invitation or a new link: {member, setPasswordUrl, linkExpiresAt}. */
export async function readInvitation(res: Response): Promise<Invitation> {
  const body = ((await res.json()) as Loose<InviteStaffResponseJson> | null) ?? {};
  return { member: toStaffMember(body.member), setPasswordUrl: text(body.setPasswordUrl), linkExpiresAt: text(body.linkExpiresAt) };
}

/** Every staff read: the list. */
export const staffQueryKey = ['/api/admin/staff'] as const;

/** A member's path: /api/admin/staff/{id}. */
export const memberPath = (id: string) => `${staffQueryKey[0]}/${encodeURIComponent(id)}`;

/** The list's order, as the server sends it: owners first, then by e-mail. */
export function compareMembers(a: StaffMember, b: StaffMember): number {
  const owner = Number(b.role === 'owner') - Number(a.role === 'owner');
  return owner !== 0 ? owner : a.username.localeCompare(b.username);
}

/** The list with `member` as stored: replaced where it is, added when new, in the list's order. */
export function withMember(list: readonly StaffMember[] | undefined, member: StaffMember): StaffMember[] | undefined {
  if (!list) return list;
  const others = list.filter((m) => m.id !== member.id);
  return [...others, member].sort(compareMembers);
}
