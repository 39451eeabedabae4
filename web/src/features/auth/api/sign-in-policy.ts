import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignInPolicyJson, UpdateSignInPolicyRequestJson } from '@/gen/trenchless/gateway/v1/passkeys_pb';
import { apiGet, apiRequest } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';

/** The owner's sign-in policy (the gateway's `SignInPolicy`). */
export type SignInPolicy = Emitted<SignInPolicyJson>;

export const signInPolicyQueryKey = ['/api/admin/sign-in-policy'] as const;

/** GET /api/admin/sign-in-policy (owners). */
export function getSignInPolicy(signal?: AbortSignal): Promise<SignInPolicy> {
  return apiGet<SignInPolicy>(signInPolicyQueryKey[0], { signal });
}

export const signInPolicyQueryOptions = () =>
  queryOptions({ queryKey: signInPolicyQueryKey, queryFn: ({ signal }) => getSignInPolicy(signal) });

export function useSignInPolicy() {
  return useQuery(signInPolicyQueryOptions());
}

/** PUT /api/admin/sign-in-policy: the policy as stored. */
export async function updateSignInPolicy(requirePasskey: boolean): Promise<SignInPolicy> {
  const body: Emitted<UpdateSignInPolicyRequestJson> = { requirePasskey };
  return (await (await apiRequest('PUT', signInPolicyQueryKey[0], body)).json()) as SignInPolicy;
}

/** Turns the passkey requirement on or off; the policy shown is the one stored. */
export function useUpdateSignInPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSignInPolicy,
    onSuccess: (policy) => queryClient.setQueryData(signInPolicyQueryKey, policy),
  });
}
