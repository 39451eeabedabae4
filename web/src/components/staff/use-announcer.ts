import { useCallback, useState } from 'react';

/**
 * Text for a polite live region (`role="status"`) and a function to say
 * something. The region is emptied first, so the same words said twice
 * (two copies in a row, two leads from one family) are read out twice.
 */
export function useAnnouncer(): [message: string, announce: (message: string) => void] {
  const [message, setMessage] = useState('');
  const announce = useCallback((next: string) => {
    setMessage('');
    requestAnimationFrame(() => setMessage(next));
  }, []);
  return [message, announce];
}
