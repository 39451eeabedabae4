import { useEffect, useState } from 'react';

/**
 * Typed text once typing pauses for `delayMs`, so a search asks the server
 * once per pause rather than once per key. Emptied text (a cleared search)
 * applies at once.
 */
export function useDebouncedText(text: string, delayMs: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), text === '' ? 0 : delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return text === '' ? '' : settled;
}
