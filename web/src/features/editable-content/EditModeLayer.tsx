import { lazy, Suspense } from 'react';
import { apiGet } from '@/lib/api-client';
import { isEditMode, setEditMode, useEditMode, useEditModeShortcut } from '@/lib/edit-mode';
import { can } from '@/lib/staff-roles';

// Staff only: loaded when edit mode is on.
const EditModeBar = lazy(() => import('./edit-mode/EditModeBar'));

/** Whether the signed-in user (if any) may edit the site's text (issue 39: owners and editors); a visitor's answer is a 401 (an ApiError). */
async function mayEdit(): Promise<boolean> {
  try {
    const user = await apiGet<{ isStaff?: boolean; role?: string } | null>('/api/user');
    return user?.isStaff === true && can(user.role, 'editContent');
  } catch {
    return false;
  }
}

/**
 * Edit mode on the public pages (SPEC §4): Ctrl+Alt+E (Cmd+Alt+E on a Mac)
 * turns it on for staff whose role edits content — for anyone else the
 * key does nothing and no editing code is fetched — and off again; while
 * it is on, the indicator shows. The state lives in sessionStorage, so it
 * survives navigation.
 */
export function EditModeLayer() {
  const editing = useEditMode();
  useEditModeShortcut(() => {
    if (isEditMode()) setEditMode(false);
    else void mayEdit().then((allowed) => allowed && setEditMode(true));
  });
  if (!editing) return null;
  return (
    <Suspense fallback={null}>
      <EditModeBar />
    </Suspense>
  );
}
