import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { business } from '@/config/business';
import { trackConversion } from '@/lib/analytics';

/**
 * A tel: link to the company that fires the phone-click conversion hook
 * (SPEC §7). It reads "Call <phone>" unless given other text.
 */
export function CallLink({ className, children }: { className?: string; children?: ReactNode }) {
  const { t } = useLingui();
  const phone = business.phone;
  return (
    <a href={business.phoneHref} className={className} onClick={() => void trackConversion('phone_click')}>
      {children ?? t`Call ${phone}`}
    </a>
  );
}
