import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AdminShell } from '@/features/admin/shell/AdminShell';
import { RequireStaff, useLogout } from '@/features/auth';

// Each tab is its own chunk, fetched when first opened; each owns the
// addresses under its path with descendant routes.
const PostsTab = lazy(async () => ({ default: (await import('./posts')).AdminPostsRoute }));
const ContentTab = lazy(async () => ({ default: (await import('./content')).AdminContentRoute }));
const MediaTab = lazy(async () => ({ default: (await import('./media')).AdminMediaRoute }));
const PreviewTab = lazy(async () => ({ default: (await import('./preview')).AdminPreviewRoute }));
const LeadsTab = lazy(async () => ({ default: (await import('./leads')).AdminLeadsRoute }));

/**
 * /admin/*: the guard, then the admin frame around the current tab (SPEC §2
 * "Admin", §6). After logout the guard sees no user and sends the browser to
 * /auth.
 */
export function AdminLayoutRoute() {
  const logout = useLogout();
  return (
    <RequireStaff>
      {(user) => (
        <AdminShell username={user.username} onLogout={() => logout.mutate()} loggingOut={logout.isPending}>
          <Routes>
            <Route index element={<Navigate to="/admin/posts" replace />} />
            <Route path="posts/*" element={<PostsTab />} />
            <Route path="content/*" element={<ContentTab />} />
            <Route path="media/*" element={<MediaTab />} />
            <Route path="preview/*" element={<PreviewTab />} />
            <Route path="leads/*" element={<LeadsTab />} />
            <Route path="*" element={<Navigate to="/admin/posts" replace />} />
          </Routes>
        </AdminShell>
      )}
    </RequireStaff>
  );
}
