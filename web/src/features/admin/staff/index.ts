// The admin's Staff tab (issue 39): every staff account with its role and
// status; invite a person (a Google account, or a local account with a
// one-time set-password link), change a role, disable and enable again.
export { StaffTab } from './components/StaffTab';
