import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ErasureMatchJson, PreviewErasureResponseJson } from '@/gen/trenchless/contact/v1/contact_pb';
import { apiGet, queryKeyToPath } from '@/lib/api-client';
import type { Emitted } from '@/lib/api-types';

/** A lead an erase would cover. */
export type ErasureMatch = Emitted<ErasureMatchJson>;

/** What erasing a lead's homeowner would cover (owners only). */
export type ErasurePreview = {
  byEmail: number;
  byPhone: number;
  total: number;
  leads: ErasureMatch[];
  /** Set when the lead was erased already. */
  erasedAt: string | null;
};

export const erasurePreviewQueryKey = (leadId: string) => ['/api/admin/privacy/matches', { leadId }] as const;

/**
 * GET /api/admin/privacy/matches?leadId=: how many leads share the lead's
 * e-mail or phone, and which. The address names the lead, never the person.
 */
export async function previewErasure(leadId: string, signal?: AbortSignal): Promise<ErasurePreview> {
  const p = await apiGet<Emitted<PreviewErasureResponseJson>>(queryKeyToPath(erasurePreviewQueryKey(leadId)), { signal });
  return {
    byEmail: p.byEmail ?? 0,
    byPhone: p.byPhone ?? 0,
    total: p.total ?? 0,
    leads: (p.leads ?? []) as ErasureMatch[],
    erasedAt: p.erasedAt || null,
  };
}

/** Read while the erase dialog is open, fresh each time it opens. */
export function useErasurePreview(leadId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: erasurePreviewQueryKey(leadId),
      queryFn: ({ signal }) => previewErasure(leadId, signal),
      enabled,
      staleTime: 0,
      gcTime: 0,
    }),
  );
}
