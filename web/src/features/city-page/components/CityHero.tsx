import '@/locales/city-page/en';
import { Trans, useLingui } from '@lingui/react/macro';
import { CallLink } from '@/components/CallLink';
import type { CityPageData as City } from '@/content/city-details';
import { ScheduleButton } from '@/components/ScheduleButton';
import { Editable } from '@/features/editable-content';

/**
 * SPEC §2: the city hero's title, the template staff edit as city.hero.title
 * (its Spanish is the seed's contentEs, filled in by the prerender and the edge).
 */
export const CITY_HERO_TITLE = '{city} Drain Repair & Pipe Lining Specialists';

/** Title, what we do there, the schedule button (smooth scroll to #contact) and the call link. */
export function CityHero({ city }: { city: City }) {
  const { t } = useLingui();
  const cityName = city.name;
  return (
    <section className="hero city-hero" aria-labelledby="city-hero-heading">
      <div className="container">
        <p className="city-hero__eyebrow">
          <Trans>Serving {cityName}, Arizona</Trans>
        </p>
        <Editable contentKey="city.hero.title" as="h1" id="city-hero-heading" params={{ city: city.name }}>
          {CITY_HERO_TITLE}
        </Editable>
        <Editable contentKey={`cities.${city.slug}.hero.subtitle`} type="html" className="hero__lead">
          {city.heroIntro}
        </Editable>
        <div className="button-row">
          <ScheduleButton label={t`Schedule Free Inspection`} />
          <CallLink className="button" />
        </div>
      </div>
    </section>
  );
}
