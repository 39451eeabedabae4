import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { SubmitInspectionRequestResponseJson } from '@/gen/trenchless/contact/v1/contact_pb';
import { apiRequest } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';
import type { InspectionRequest } from '../payload';

export const CONTACT_PATH = '/api/contact';

/** The staff lead list; a new lead makes any cached copy out of date. */
export const contactSubmissionsQueryKey = ['/api/contact-submissions'] as const;

/** 200 from POST /api/contact: the stored lead and its reply deadline (RFC 3339). */
export type InspectionRequestReceipt = Emitted<SubmitInspectionRequestResponseJson>;

/**
 * POST /api/contact. The Idempotency-Key makes a repeated request (a retry
 * after a lost answer) return the first result instead of a second lead.
 * Non-OK answers throw an ApiError like every other call.
 */
export async function submitInspectionRequest(
  payload: InspectionRequest,
  { idempotencyKey, signal }: { idempotencyKey: string; signal?: AbortSignal },
): Promise<InspectionRequestReceipt> {
  const res = await apiRequest('POST', CONTACT_PATH, payload, { signal, headers: { 'Idempotency-Key': idempotencyKey } });
  return (await res.json()) as InspectionRequestReceipt;
}

/** A random v4 UUID; crypto.randomUUID needs a secure context, so it has a fallback. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Submits an inspection request. One idempotency key covers a submission
 * until it succeeds: sending again after a failure reuses it, so a request
 * the server stored before the answer was lost is not stored twice; a
 * success starts a new key for the next request.
 */
export function useSubmitInspectionRequest() {
  const queryClient = useQueryClient();
  const key = useRef<string | null>(null);
  return useMutation({
    mutationFn: (payload: InspectionRequest) => {
      key.current ??= newIdempotencyKey();
      return submitInspectionRequest(payload, { idempotencyKey: key.current });
    },
    onSuccess: () => {
      key.current = null;
      void queryClient.invalidateQueries({ queryKey: contactSubmissionsQueryKey });
    },
  });
}

