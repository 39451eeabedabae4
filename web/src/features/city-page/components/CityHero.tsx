import { CallLink } from '@/components/CallLink';
import type { CityPageData as City } from '@/content/city-details';
import { ScheduleButton } from '@/components/ScheduleButton';
import { Editable } from '@/features/editable-content';

/** SPEC §2: the city hero's title, the template staff edit as city.hero.title. */
export const CITY_HERO_TITLE = '{city} Drain Repair & Pipe Lining Specialists';

/** The city hero's build-time title for one city (page titles use it too). */
export function cityHeroTitle(cityName: string): string {
  return CITY_HERO_TITLE.replace('{city}', cityName);
}

/** Title, what we do there, the schedule button (smooth scroll to #contact) and the call link. */
export function CityHero({ city }: { city: City }) {
  return (
    <section className="hero city-hero" aria-labelledby="city-hero-heading">
      <div className="container">
        <p className="city-hero__eyebrow">Serving {city.name}, Arizona</p>
        <Editable contentKey="city.hero.title" as="h1" id="city-hero-heading" params={{ city: city.name }}>
          {CITY_HERO_TITLE}
        </Editable>
        <Editable contentKey={`cities.${city.slug}.hero.subtitle`} type="html" className="hero__lead">
          {city.heroIntro}
        </Editable>
        <div className="button-row">
          <ScheduleButton label="Schedule Free Inspection" />
          <CallLink className="button" />
        </div>
      </div>
    </section>
  );
}
