// The admin's Site Content tab: every editable text of the public site,
// grouped by category, searchable, with create and edit (SPEC §2, §4, §8).
export { ContentTab } from './components/ContentTab';
