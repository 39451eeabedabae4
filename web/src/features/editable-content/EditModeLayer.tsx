import { lazy, Suspense } from 'react';
import { apiGet } from '@/lib/api-client';
import { isEditMode, setEditMode, useEditMode, useEditModeShortcut } from '@/lib/edit-mode';

// Staff only: loaded when edit mode is on.
const EditModeBar = lazy(() => import('./edit-mode/EditModeBar'));

/** Whether the signed-in user (if any) is staff; a visitor's answer is a 401 (an ApiError). */
async function isStaff(): Promise<boolean> {
  try {
    const user = await apiGet<{ isStaff?: boolean } | null>('/api/user');
    return user?.isStaff === true;
  } catch {
    return false;
  }
}

/**
 * Edit mode on the public pages (SPEC §4): Ctrl+Alt+E (Cmd+Alt+E on a Mac)
 * turns it on for staff — for anyone else the key does nothing and no
 * editing code is fetched — and off again; while it is on, the indicator
 * shows. The state lives in sessionStorage, so it survives navigation.
 */
export function EditModeLayer() {
  const editing = useEditMode();
  useEditModeShortcut(() => {
    if (isEditMode()) setEditMode(false);
    else void isStaff().then((staff) => staff && setEditMode(true));
  });
  if (!editing) return null;
  return (
    <Suspense fallback={null}>
      <EditModeBar />
    </Suspense>
  );
}
