import type { ReactNode } from 'react';
import { business } from '@/config/business';
import { trackConversion } from '@/lib/analytics';

/**
 * A tel: link to the company that fires the phone-click conversion hook
 * (SPEC §7). It reads "Call <phone>" unless given other text.
 */
export function CallLink({ className, children }: { className?: string; children?: ReactNode }) {
  return (
    <a href={business.phoneHref} className={className} onClick={() => void trackConversion('phone_click')}>
      {children ?? `Call ${business.phone}`}
    </a>
  );
}
