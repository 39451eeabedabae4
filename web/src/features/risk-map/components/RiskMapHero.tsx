import '@/locales/risk-map/en';
import { Trans } from '@lingui/react/macro';

/** The page's only h1 and what the map shows. */
export function RiskMapHero() {
  return (
    <section className="hero risk-map-hero" aria-labelledby="risk-map-hero-heading">
      <div className="container">
        <h1 id="risk-map-hero-heading">
          <Trans>Phoenix Valley Sewer Pipe Risk Map</Trans>
        </h1>
        <p className="hero__lead">
          <Trans>
            When a neighborhood was built decides what its sewer lines are made of, and how close they are to failing.
            The map rates 21 Valley neighborhoods from our own camera inspections: the brighter the glow, the more
            failing clay, cast iron and Orangeburg pipe we find there. Pick a neighborhood to see its era, pipe type and
            what goes wrong.
          </Trans>
        </p>
      </div>
    </section>
  );
}
