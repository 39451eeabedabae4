// Dates are shown in the business's own time zone so that the prerendered HTML
// and the browser agree (Arizona keeps no daylight saving time).
const longDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'America/Phoenix',
});

/** "2025-03-05T17:00:00Z" → "March 5, 2025"; an invalid date gives ''. */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : longDate.format(date);
}
