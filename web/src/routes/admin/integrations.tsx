import { IntegrationsTab } from '@/features/admin/integrations';

/** /admin/integrations/*: the webhook endpoints and their delivery logs (features/admin/integrations). */
export function AdminIntegrationsRoute() {
  return <IntegrationsTab />;
}
