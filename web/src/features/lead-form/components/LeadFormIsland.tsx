import { preloadToaster } from '@/components/ui/lazy-toaster';
import { island } from '@/lib/island';
import type { LeadFormProps } from './LeadForm';

/**
 * The lead form (either variant) as an island: its code (react-hook-form,
 * zod, the schemas) loads on demand and hydrates the prerendered form in
 * place, so it is not part of any page's first load (ADR 0001). It toasts,
 * so the toaster's code comes along.
 */
export const LeadFormIsland = island<LeadFormProps>(async () => {
  const [{ LeadForm }] = await Promise.all([import('./LeadForm'), preloadToaster()]);
  return LeadForm;
});
