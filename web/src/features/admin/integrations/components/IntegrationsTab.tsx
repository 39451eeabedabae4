import { Navigate, Route, Routes } from 'react-router';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';
import { useAnnouncer } from '@/components/staff/use-announcer';
import { DeliveryLogPage } from './DeliveryLogPage';
import { EndpointsPage } from './EndpointsPage';
import integrationsCss from './integrations.css?url';

/**
 * The Integrations tab: the webhook endpoints at /admin/integrations, one
 * endpoint's delivery log at /admin/integrations/{id}. What changes is
 * said in the tab's polite live region.
 */
export function IntegrationsTab() {
  const [announcement, announce] = useAnnouncer();
  return (
    <>
      <StaffStylesheet href={integrationsCss} />
      <Routes>
        <Route index element={<EndpointsPage announce={announce} />} />
        <Route path=":id" element={<DeliveryLogPage announce={announce} />} />
        <Route path="*" element={<Navigate to="/admin/integrations" replace />} />
      </Routes>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="integrations-announcer">
        {announcement}
      </p>
    </>
  );
}
