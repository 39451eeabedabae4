import { describe, expect, it } from 'vitest';
import { can, isStaffRole, roleLabel, STAFF_ROLES, type StaffAbility } from './staff-roles';

const ABILITIES: StaffAbility[] = ['readContent', 'editContent', 'leads', 'integrations', 'staff', 'audit', 'erase'];

/** The abilities a role has, in ABILITIES' order. */
const grants = (role: string) => ABILITIES.filter((a) => can(role, a));

describe('staff roles (issue 39)', () => {
  it('gives owners everything, editors the content, sales the leads and reading the content', () => {
    expect(grants('owner')).toEqual(ABILITIES);
    expect(grants('editor')).toEqual(['readContent', 'editContent']);
    expect(grants('sales')).toEqual(['readContent', 'leads']);
  });

  it('gives nothing to an empty, unknown or differently spelt role', () => {
    for (const role of ['', 'admin', 'Owner', 'constructor', undefined, null]) expect(grants(role as string)).toEqual([]);
    expect(isStaffRole('toString')).toBe(false);
    expect(STAFF_ROLES.every(isStaffRole)).toBe(true);
  });

  it('names roles for people', () => {
    expect(STAFF_ROLES.map(roleLabel)).toEqual(['Owner', 'Editor', 'Sales']);
    expect(roleLabel('')).toBe('No role');
    expect(roleLabel('auditor')).toBe('auditor');
  });
});
