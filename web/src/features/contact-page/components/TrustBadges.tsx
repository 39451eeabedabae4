import '@/locales/lead-form/en';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg className="trust-badges__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const TRUST_BADGES = [
  {
    key: 'licensed',
    title: msg`Licensed, bonded & insured`,
    text: msg`A licensed Arizona contractor, fully bonded and insured.`,
    icon: <path {...stroke} d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5" />,
  },
  {
    key: 'family',
    title: msg`Family owned`,
    text: msg`A local Phoenix Valley team, not a call center.`,
    icon: <path {...stroke} d="M3 11l9-7 9 7M5 10v10h14V10M10 20v-6h4v6" />,
  },
  {
    key: 'same-day',
    title: msg`Same-day service`,
    text: msg`Out to you the same day, 7 days a week.`,
    icon: <path {...stroke} d="M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z" />,
  },
  {
    key: 'warranty',
    title: msg`Lifetime warranty`,
    text: msg`On every lining install we do.`,
    icon: <path {...stroke} d="M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9z" />,
  },
  {
    key: 'inspection',
    title: msg`Free camera inspection`,
    text: msg`Included with any estimate.`,
    icon: <path {...stroke} d="M3 7h12v10H3zM15 10l6-3v10l-6-3" />,
  },
] as const;

/** The claims homeowners look for before they let a contractor in, in the page's language. */
export function TrustBadges() {
  const { i18n } = useLingui();
  const headingId = useId();
  return (
    <section className="section trust-badges" aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId}>
          <Trans>Why Phoenix Valley homeowners trust us</Trans>
        </h2>
        <ul className="trust-badges__list">
          {TRUST_BADGES.map((b) => (
            <li key={b.key} className="trust-badges__item">
              <Icon>{b.icon}</Icon>
              <div>
                <h3 className="trust-badges__title">{i18n._(b.title)}</h3>
                <p className="trust-badges__text">{i18n._(b.text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
