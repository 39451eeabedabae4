// The admin's Audit tab (owners): the audit log of every staff write and
// sign-in, filtered by person, kind and days in the address, paged by
// cursor, each entry's changed fields as before → after, and CSV export.
export { AuditTab } from './components/AuditTab';
