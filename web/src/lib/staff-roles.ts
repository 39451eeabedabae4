// What each staff role may do (issue 39), in one place: the admin's tabs,
// its buttons and the public site's edit mode ask here. The gateway and the
// services enforce the same rules (a 403 with a message); the app only
// leaves out what a role cannot use.

/** The roles, most powerful first (the Staff tab offers them in this order). */
export const STAFF_ROLES = ['owner', 'editor', 'sales'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What the staff area is made of, as roles are granted it:
 * - readContent: the posts, site texts, media and preview, read;
 * - editContent: writing them (create, edit, delete, upload, restore) and edit mode on the site;
 * - leads: the inbox (read and write), its export and live feed;
 * - integrations: the webhooks;
 * - staff: the Staff tab (invite, change roles, disable);
 * - audit: the Audit tab (the audit log and its export);
 * - erase: erasing a homeowner's personal data from a lead's page.
 */
export type StaffAbility = 'readContent' | 'editContent' | 'leads' | 'integrations' | 'staff' | 'audit' | 'erase';

const ABILITIES: Record<StaffRole, readonly StaffAbility[]> = {
  owner: ['readContent', 'editContent', 'leads', 'integrations', 'staff', 'audit', 'erase'],
  editor: ['readContent', 'editContent'],
  sales: ['readContent', 'leads'],
};

/**
 * How the staff area names and explains each role: `description` stands
 * alone (the Staff tab's choices), `covers` ends a sentence ("Sales covers
 * …").
 */
export const ROLE_INFO: Record<StaffRole, { label: string; description: string; covers: string }> = {
  owner: {
    label: 'Owner',
    description: 'Everything: posts, site text, media, leads, integrations and staff.',
    covers: 'everything, staff and integrations included',
  },
  editor: {
    label: 'Editor',
    description: 'Posts, site text and media. No leads, integrations or staff.',
    covers: 'posts, site text and media',
  },
  sales: {
    label: 'Sales',
    description: 'Leads. Reads posts, site text and media without changing them.',
    covers: 'leads, and reading posts, site text and media',
  },
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Whether `role` (as GET /api/user sends it) includes `ability`; an unknown or empty role includes nothing. */
export function can(role: string | null | undefined, ability: StaffAbility): boolean {
  return isStaffRole(role) && ABILITIES[role].includes(ability);
}

/** A role's name for people ("Owner"); an unknown one as sent, or "No role". */
export function roleLabel(role: string | null | undefined): string {
  if (isStaffRole(role)) return ROLE_INFO[role].label;
  return role ? role : 'No role';
}
