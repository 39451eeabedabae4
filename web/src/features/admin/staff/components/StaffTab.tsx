import { Navigate, Route, Routes } from 'react-router';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';
import { useAnnouncer } from '@/components/staff/use-announcer';
import { StaffPage, type StaffPageProps } from './StaffPage';
import staffTabCss from './staff-tab.css?url';

/**
 * The Staff tab at /admin/staff (owners only). What changes is said in the
 * tab's polite live region.
 */
export function StaffTab(props: Omit<StaffPageProps, 'announce'>) {
  const [announcement, announce] = useAnnouncer();
  return (
    <>
      <StaffStylesheet href={staffTabCss} />
      <Routes>
        <Route index element={<StaffPage {...props} announce={announce} />} />
        <Route path="*" element={<Navigate to="/admin/staff" replace />} />
      </Routes>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="staff-announcer">
        {announcement}
      </p>
    </>
  );
}
