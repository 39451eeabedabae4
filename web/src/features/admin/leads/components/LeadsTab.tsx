import { useCallback, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useAnnouncer } from '@/components/staff/use-announcer';
import { useLeadEvents } from '../api/lead-events';
import type { Lead } from '../api/list-leads';
import { optionLabel, PREFERS_SPANISH, prefersSpanish, type LeadOptionLists } from '../utils/lead-labels';
import { LeadDetail } from './LeadDetail';
import { LeadInbox } from './LeadInbox';
import { LeadOptionsProvider, StaffEmailProvider } from './lead-options';
import { LeadStats } from './LeadStats';
import leadsCss from './leads.css?url';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';

/**
 * The lead inbox at /admin/leads (?filter=&status=&q=…), one lead at
 * /admin/leads/{id} and the response-time dashboard at /admin/leads/stats.
 * While any is open, new leads arrive live (server-sent events): they come
 * first in the list, are marked new and are announced; a colleague's
 * changes show up the same way.
 */
export function LeadsTab({ options, staffEmail }: { options: LeadOptionLists; staffEmail: string }) {
  const [arrived, setArrived] = useState<ReadonlySet<string>>(() => new Set());
  const [announcement, announce] = useAnnouncer();
  const onLead = useCallback(
    (lead: Lead) => {
      setArrived((ids) => new Set(ids).add(lead.id));
      const where = lead.city ? `, ${optionLabel(options.cities, lead.city)}` : '';
      const spanish = prefersSpanish(lead.language) ? `, ${PREFERS_SPANISH.toLowerCase()}` : '';
      announce(`New lead: ${lead.firstName} ${lead.lastName}${where}${spanish}`);
    },
    [options, announce],
  );
  const live = useLeadEvents(onLead);

  return (
    <LeadOptionsProvider value={options}>
      <StaffEmailProvider value={staffEmail}>
        <StaffStylesheet href={leadsCss} />
        <Routes>
          <Route index element={<LeadInbox live={live} arrived={arrived} />} />
          <Route path="stats" element={<LeadStats />} />
          <Route path=":id" element={<LeadDetail />} />
          <Route path="*" element={<Navigate to="/admin/leads" replace />} />
        </Routes>
        <p className="visually-hidden" role="status" aria-live="polite" data-testid="leads-announcer">
          {announcement}
        </p>
      </StaffEmailProvider>
    </LeadOptionsProvider>
  );
}
