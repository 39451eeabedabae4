// The admin's Integrations tab: webhook endpoints that send each lead to a
// CRM or an automation (add, edit, enable and disable, rotate the signing
// secret, send a test, delete), and each endpoint's delivery log with its
// attempts, Resend and Resend since….
export { IntegrationsTab } from './components/IntegrationsTab';
