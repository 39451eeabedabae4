import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs` while mounted, so relative
 * times ("5 minutes ago") and time-derived states (overdue) stay true on a
 * page left open all day.
 */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
