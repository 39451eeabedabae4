import { CallLink } from '@/components/CallLink';
import type { CityPageData as City } from '@/content/city-details';
import { ScheduleButton } from '@/components/ScheduleButton';

/** SPEC §2: the city hero's exact title. */
export function cityHeroTitle(cityName: string): string {
  return `${cityName} Drain Repair & Pipe Lining Specialists`;
}

/** Title, what we do there, the schedule button (smooth scroll to #contact) and the call link. */
export function CityHero({ city }: { city: City }) {
  return (
    <section className="hero city-hero" aria-labelledby="city-hero-heading">
      <div className="container">
        <p className="city-hero__eyebrow">Serving {city.name}, Arizona</p>
        <h1 id="city-hero-heading">{cityHeroTitle(city.name)}</h1>
        <p className="hero__lead">{city.heroIntro}</p>
        <div className="button-row">
          <ScheduleButton label="Schedule Free Inspection" />
          <CallLink className="button" />
        </div>
      </div>
    </section>
  );
}
