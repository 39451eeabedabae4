import { LeadsTab, type LeadOptionLists } from '@/features/admin/leads';
import { useUser } from '@/features/auth';
import {
  CITY_OPTIONS,
  CONTACT_PROBLEM_OPTIONS,
  HOME_AGE_OPTIONS,
  HOME_ISSUE_OPTIONS,
  URGENCY_OPTIONS,
} from '@/features/lead-form/options';

/**
 * The public forms' option lists, so the inbox shows a lead's values with
 * the labels the visitor chose from. Composed here: features do not import
 * each other.
 */
export const LEAD_OPTION_LISTS: LeadOptionLists = {
  cities: CITY_OPTIONS,
  homeAges: HOME_AGE_OPTIONS,
  urgencies: URGENCY_OPTIONS,
  homeIssues: HOME_ISSUE_OPTIONS,
  contactProblems: CONTACT_PROBLEM_OPTIONS,
};

/**
 * /admin/leads/*: the lead inbox (features/admin/leads), with the signed-in
 * staff member's e-mail for 'Assign to me' (the admin guard has already
 * loaded the user, so this reads the cache).
 */
export function AdminLeadsRoute() {
  const { data: user } = useUser();
  return <LeadsTab options={LEAD_OPTION_LISTS} staffEmail={user?.username ?? ''} />;
}
