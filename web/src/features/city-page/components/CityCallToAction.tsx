import '@/locales/city-page/en';
import { Trans, useLingui } from '@lingui/react/macro';
import { CallLink } from '@/components/CallLink';
import type { City } from '@/content/cities';
import { ScheduleButton } from '@/components/ScheduleButton';

/** The closing call to action before the contact form. */
export function CityCallToAction({ city }: { city: City }) {
  const { t } = useLingui();
  const cityName = city.name;
  return (
    <section className="section city-cta" aria-labelledby="city-cta-heading">
      <div className="container city-cta__inner">
        <h2 id="city-cta-heading">
          <Trans>Know what is under your {cityName} home</Trans>
        </h2>
        <p>
          <Trans>
            A camera inspection shows the inside of your drain line on screen while you watch: cracks, roots, scale and
            sags. It is free with any estimate, and most repairs we find are done without digging up your yard.
          </Trans>
        </p>
        <div className="button-row">
          <ScheduleButton label={t`Schedule Free Inspection`} />
          <CallLink className="button city-cta__call" />
        </div>
      </div>
    </section>
  );
}
