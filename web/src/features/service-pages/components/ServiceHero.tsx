import { useId } from 'react';
import { CallLink } from '@/components/CallLink';
import type { HeroCopy } from '@/content/service-pages';
import { ScheduleButton } from '@/components/ScheduleButton';
import { Editable } from '@/features/editable-content';

/**
 * The top of a service page: its only h1, the key facts and both ways to
 * book. Title and lead are staff-editable as services.{slug}.hero.title and
 * .subtitle; the copy here is their build-time wording.
 */
export function ServiceHero({ hero, path }: { hero: HeroCopy; path: string }) {
  const headingId = useId();
  const key = `services.${path.split('/').pop()}.hero`;
  return (
    <section className="hero service-hero" aria-labelledby={headingId}>
      <div className="container">
        <p className="service-hero__eyebrow">{hero.eyebrow}</p>
        <Editable contentKey={`${key}.title`} as="h1" id={headingId}>
          {hero.title}
        </Editable>
        <Editable contentKey={`${key}.subtitle`} type="html" className="hero__lead">
          {hero.lead}
        </Editable>
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
