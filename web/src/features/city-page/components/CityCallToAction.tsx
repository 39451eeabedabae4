import { CallLink } from '@/components/CallLink';
import type { City } from '@/content/cities';
import { ScheduleButton } from '@/components/ScheduleButton';

/** The closing call to action before the contact form. */
export function CityCallToAction({ city }: { city: City }) {
  return (
    <section className="section city-cta" aria-labelledby="city-cta-heading">
      <div className="container city-cta__inner">
        <h2 id="city-cta-heading">Know what is under your {city.name} home</h2>
        <p>
          A camera inspection shows the inside of your drain line on screen while you watch: cracks, roots, scale and
          sags. It is free with any estimate, and most repairs we find are done without digging up your yard.
        </p>
        <div className="button-row">
          <ScheduleButton label="Schedule Free Inspection" />
          <CallLink className="button city-cta__call" />
        </div>
      </div>
    </section>
  );
}
