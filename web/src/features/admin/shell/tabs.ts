import { can, type StaffAbility } from '@/lib/staff-roles';

/**
 * The admin's sections (SPEC §2 "Admin": Blog Posts, Site Content, Media,
 * Preview; the lead inbox, the webhooks and the staff), each with what a
 * role needs to see it (issue 39).
 */
export const ADMIN_TABS = [
  { to: '/admin/posts', label: 'Blog Posts', needs: 'readContent' },
  { to: '/admin/content', label: 'Site Content', needs: 'readContent' },
  { to: '/admin/media', label: 'Media', needs: 'readContent' },
  { to: '/admin/preview', label: 'Preview', needs: 'readContent' },
  { to: '/admin/leads', label: 'Leads', needs: 'leads' },
  { to: '/admin/integrations', label: 'Integrations', needs: 'integrations' },
  { to: '/admin/staff', label: 'Staff', needs: 'staff' },
  { to: '/admin/audit', label: 'Audit', needs: 'audit' },
] as const satisfies readonly { to: string; label: string; needs: StaffAbility }[];

export type AdminTab = (typeof ADMIN_TABS)[number];

/** The tabs `role` may open, in the bar's order. */
export function tabsFor(role: string): AdminTab[] {
  return ADMIN_TABS.filter((tab) => can(role, tab.needs));
}

/** Where /admin takes `role`: its first tab, or the account page for a role with none. */
export function landingFor(role: string): { to: string; label: string } {
  return tabsFor(role)[0] ?? { to: '/admin/account', label: 'Your account' };
}
