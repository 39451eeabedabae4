import { useId } from 'react';
import { CallLink } from '@/components/CallLink';
import { useSiteLinks } from '@/components/site-links';
import { SmartLink } from '@/components/SmartLink';
import type { CtaCopy } from '@/content/service-pages';
import { ScheduleButton } from '@/components/ScheduleButton';

/**
 * The closing call to action (on the drain inspection page, the free
 * inspection banner): schedule, call, and links to the other service pages.
 */
export function CtaBanner({ copy, currentPath }: { copy: CtaCopy; currentPath: string }) {
  const headingId = useId();
  const relatedId = useId();
  const related = useSiteLinks().services.filter((link) => link.to !== currentPath);
  return (
    <section className="section service-cta" aria-labelledby={headingId}>
      <div className="container service-cta__inner">
        <h2 id={headingId}>{copy.title}</h2>
        <p className="service-cta__text">{copy.text}</p>
        {copy.points && (
          <ul className="service-cta__points">
            {copy.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        )}
        <div className="button-row">
          <ScheduleButton label={copy.scheduleLabel} className="button service-cta__schedule" />
          <CallLink className="button service-cta__call" />
        </div>
        {copy.link && (
          <p className="service-cta__link">
            <SmartLink to={copy.link.to}>{copy.link.label}</SmartLink>
          </p>
        )}
        <nav className="service-cta__related" aria-labelledby={relatedId}>
          <h3 id={relatedId} className="service-cta__related-title">
            {copy.relatedLabel}
          </h3>
          <ul className="service-cta__related-list">
            {related.map((link) => (
              <li key={link.to}>
                <SmartLink to={link.to}>{link.label}</SmartLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}
