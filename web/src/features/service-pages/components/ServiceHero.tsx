import { useId } from 'react';
import { CallLink } from '@/components/CallLink';
import type { HeroCopy } from '@/content/service-pages';
import { ScheduleButton } from '@/components/ScheduleButton';

/** The top of a service page: its only h1, the key facts and both ways to book. */
export function ServiceHero({ hero }: { hero: HeroCopy }) {
  const headingId = useId();
  return (
    <section className="hero service-hero" aria-labelledby={headingId}>
      <div className="container">
        <p className="service-hero__eyebrow">{hero.eyebrow}</p>
        <h1 id={headingId}>{hero.title}</h1>
        <p className="hero__lead">{hero.lead}</p>
        <ul className="service-hero__highlights">
          {hero.highlights.map((h) => (
            <li key={h}>{h}</li>
          ))}
        </ul>
        <div className="button-row">
          <ScheduleButton label={hero.scheduleLabel} />
          <CallLink className="button" />
        </div>
      </div>
    </section>
  );
}
