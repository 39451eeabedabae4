// The admin's lead inbox: filters with counts, live arrival (server-sent
// events), every field of a lead, read/unread and CSV export.
export { LeadsTab } from './components/LeadsTab';
export type { LeadOptionLists } from './utils/lead-labels';
