import { createContext, useContext } from 'react';
import type { LeadOptionLists } from '../utils/lead-labels';

const LeadOptionsContext = createContext<LeadOptionLists | null>(null);

export const LeadOptionsProvider = LeadOptionsContext.Provider;

/** The public forms' option lists, given to the tab by the routes layer. */
export function useLeadOptions(): LeadOptionLists {
  const lists = useContext(LeadOptionsContext);
  if (!lists) throw new Error('useLeadOptions outside LeadsTab');
  return lists;
}

const StaffEmailContext = createContext('');

export const StaffEmailProvider = StaffEmailContext.Provider;

/** The signed-in staff member's e-mail ('Assign to me'), given to the tab by the routes layer; '' when unknown. */
export function useStaffEmail(): string {
  return useContext(StaffEmailContext);
}
