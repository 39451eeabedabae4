import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';
import { useUser } from '@/features/auth/api/get-user';
import { setEditMode } from '@/lib/edit-mode';
import { can } from '@/lib/staff-roles';
import { getEditableContentQueryOptions } from '../api/get-editable-content';
import editModeCss from './edit-mode.css?url';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The edit-mode indicator (issue 13): says edit mode is on, how to edit and
 * how to leave. Edit mode ends by itself when the session is not one that
 * may edit (signed out in another tab, expired, or a role that only reads:
 * sales).
 */
export default function EditModeBar() {
  const user = useUser();
  const mayNotEdit = user.isSuccess && !(user.data?.isStaff && can(user.data.role, 'editContent'));
  const queryClient = useQueryClient();
  // A save sends the version it was based on (issue 28), which only the
  // API's list carries: the page's own copy (the edge's data block) has
  // each item's key, content and type. Read the list once as edit mode
  // starts; the page then shows, and edits, exactly what is stored.
  useEffect(() => {
    void queryClient.fetchQuery({ ...getEditableContentQueryOptions(), staleTime: 0 }).catch(() => undefined);
  }, [queryClient]);
  useEffect(() => {
    if (mayNotEdit) setEditMode(false);
  }, [mayNotEdit]);
  if (mayNotEdit) return null;
  const shortcut = isMac ? '⌘ Cmd + Alt + E' : 'Ctrl + Alt + E';
  return (
    <aside className="ec-bar" aria-label="Edit mode">
      <StaffStylesheet />
      <StaffStylesheet href={editModeCss} />
      <p className="ec-bar__text">
        <strong>Edit mode is on.</strong> Point at a text or press Tab to reach its Edit button. Press{' '}
        <kbd>{shortcut}</kbd> or use the button to leave.
      </p>
      <button type="button" className="button button--small" onClick={() => setEditMode(false)}>
        Leave edit mode
      </button>
    </aside>
  );
}
