import { AuditTab } from '@/features/admin/audit';

/** /admin/audit: the audit log (features/admin/audit), for owners. */
export function AdminAuditRoute() {
  return <AuditTab />;
}
