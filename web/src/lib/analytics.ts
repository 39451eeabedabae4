/**
 * SPEC §7's global analytics conversion hook: when the page has one (set by
 * the site owner's tag configuration, never loaded by us), it is fired on a
 * successful submission, on the e-mail fallback and on phone clicks. The
 * returned promise settles when the hook calls back or after 2000 ms, so a
 * slow or missing hook never blocks the visitor.
 */
export const CONVERSION_TIMEOUT_MS = 2000;

export type ConversionKind = 'form_submit' | 'email_fallback' | 'phone_click';

type Hook = (kind: ConversionKind, done: () => void) => void;

declare global {
  interface Window {
    gtag_report_conversion?: Hook;
  }
}

export function trackConversion(kind: ConversionKind): Promise<void> {
  if (typeof window === 'undefined' || typeof window.gtag_report_conversion !== 'function') {
    return Promise.resolve();
  }
  const hook = window.gtag_report_conversion;
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, CONVERSION_TIMEOUT_MS);
    try {
      hook(kind, () => {
        clearTimeout(timer);
        resolve();
      });
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}
