import { Navigate, Route, Routes } from 'react-router';
import contentCss from './content.css?url';
import { ContentCreatePage } from './ContentCreatePage';
import { ContentEditPage } from './ContentEditPage';
import { ContentList } from './ContentList';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';
import { NotInYourRole, useCan } from '../../shell/access';

/**
 * The Site Content tab (SPEC §2 "Admin", §4 "Content editor"): its own
 * addresses under /admin/content, so back/forward, refresh and links work:
 * the list (?q= search), /new and /edit/{contentKey}; the last two for a
 * role that edits content.
 */
export function ContentTab() {
  const editor = useCan('editContent');
  return (
    <>
      <StaffStylesheet href={contentCss} />
      <Routes>
        <Route index element={<ContentList />} />
        <Route path="new" element={editor ? <ContentCreatePage /> : <NotInYourRole />} />
        <Route path="edit/:contentKey" element={editor ? <ContentEditPage /> : <NotInYourRole />} />
        <Route path="*" element={<Navigate to="/admin/content" replace />} />
      </Routes>
    </>
  );
}
