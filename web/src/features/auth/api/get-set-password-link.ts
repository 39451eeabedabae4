import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetPasswordInfoJson } from '@/gen/trenchless/gateway/v1/staff_pb';
import { apiGet, queryKeyToPath } from '@/lib/api-client';

/**
 * Whose one-time link this is, until when it works (RFC 3339; '' when the
 * server sent none), and whether the person asked for it by e-mail (a
 * reset link, which signs no one in) rather than an owner making it.
 */
export type SetPasswordLink = { username: string; expiresAt: string; resetLink: boolean };

export const setPasswordLinkQueryKey = (token: string) => ['/api/set-password', { token }] as const;

/**
 * GET /api/set-password?token=…: the account a one-time link sets the
 * password of. An unknown, used or expired link is a 404 whose message
 * says so.
 */
export async function getSetPasswordLink(token: string, signal?: AbortSignal): Promise<SetPasswordLink> {
  const info = await apiGet<SetPasswordInfoJson | null>(queryKeyToPath(setPasswordLinkQueryKey(token)), { signal });
  return { username: info?.username ?? '', expiresAt: info?.expiresAt ?? '', resetLink: info?.resetLink === true };
}

export const setPasswordLinkQueryOptions = (token: string) =>
  queryOptions({ queryKey: setPasswordLinkQueryKey(token), queryFn: ({ signal }) => getSetPasswordLink(token, signal) });

/** The link's account, read once the page has a token. */
export function useSetPasswordLink(token: string) {
  return useQuery({ ...setPasswordLinkQueryOptions(token), enabled: token !== '' });
}
