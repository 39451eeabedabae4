// The admin's lead pipeline: the inbox with search, filters (in the address)
// and counts, bulk changes, live arrival and changes (server-sent events),
// every field of a lead with its status, assignee, notes and history, the
// response-time dashboard, and CSV export.
export { LeadsTab } from './components/LeadsTab';
export type { LeadOptionLists } from './utils/lead-labels';
