/**
 * "3 leads updated", or "2 leads updated (1 already was marked read)": the
 * server counts only leads the change applied to, and saying why the
 * numbers differ spares staff a recount.
 */
export function bulkResultText(updated: number, selected: number, what: string): string {
  const leads = updated === 1 ? '1 lead updated' : `${updated} leads updated`;
  const unchanged = selected - updated;
  if (unchanged <= 0) return leads;
  return `${leads} (${unchanged} already ${unchanged === 1 ? 'was' : 'were'} ${what})`;
}
