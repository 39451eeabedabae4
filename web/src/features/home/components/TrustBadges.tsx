import '@/locales/home/en';
import type { ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useHomeCopy } from '../copy';
import { StarRating } from './StarRating';
import { Editable } from '@/features/editable-content';

type Badge = { id: string; title: MessageDescriptor; detail: MessageDescriptor; icon: ReactNode };

const badges: readonly Badge[] = [
  {
    id: 'licensed',
    title: msg`Licensed, Bonded & Insured`,
    detail: msg`In the State of Arizona`,
    icon: <path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3Zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4-6.3 6.3Z" />,
  },
  {
    id: 'family',
    title: msg`Family Owned`,
    detail: msg`Local to the Valley, not a franchise`,
    icon: <path d="M12 3 2 11h3v9h5v-6h4v6h5v-9h3L12 3Z" />,
  },
  {
    id: 'same-day',
    title: msg`Same-Day Service`,
    detail: msg`7 days a week`,
    icon: <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 10.4 3.3 3.3-1.4 1.4L11 13.2V6h2v6.4Z" />,
  },
  {
    id: 'warranty',
    title: msg`Lifetime Warranty`,
    detail: msg`On lining installs`,
    icon: <path d="M12 1 9.5 6.5 3.5 7.3l4.4 4.2L6.8 17.5 12 14.6l5.2 2.9-1.1-6 4.4-4.2-6-.8L12 1Zm-4 17.7V23l4-2 4 2v-4.3l-4-2.2-4 2.2Z" />,
  },
];

/** SPEC §2 home item 2: licences, family ownership, same-day service, the warranty and the rating badge. */
export function TrustBadges() {
  const { i18n } = useLingui();
  const { ratingBadge } = useHomeCopy();
  return (
    <section className="home-trust" aria-labelledby="home-trust-title">
      <div className="container">
        <Editable contentKey="home.trust.title" as="h2" id="home-trust-title" className="visually-hidden">
          Why Valley homeowners trust us
        </Editable>
        <ul className="home-trust__list">
          {badges.map((b) => (
            <li key={b.id} className="home-trust__item">
              <svg className="home-trust__icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
                {b.icon}
              </svg>
              <span>
                <span className="home-trust__title">{i18n._(b.title)}</span>
                <span className="home-trust__detail">{i18n._(b.detail)}</span>
              </span>
            </li>
          ))}
          <li className="home-trust__item home-trust__item--rating">
            <StarRating rating={ratingBadge.score} outOf={ratingBadge.outOf} />
            <span className="home-trust__title">{ratingBadge.label}</span>
          </li>
        </ul>
      </div>
    </section>
  );
}
