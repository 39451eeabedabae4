import '@/locales/resources/en';
import { Trans } from '@lingui/react/macro';
import { SmartLink } from '@/components/SmartLink';

/** The page's only h1, what the page offers, and the way to the risk map. */
export function ResourcesHero() {
  return (
    <section className="hero resources-hero" aria-labelledby="resources-hero-heading">
      <div className="container">
        <p className="resources-hero__eyebrow">
          <Trans>Resources &amp; articles</Trans>
        </p>
        <h1 id="resources-hero-heading">
          <Trans>Drain and Sewer Guides for Phoenix Valley Homeowners</Trans>
        </h1>
        <p className="hero__lead">
          <Trans>
            Plain-language articles on how Valley sewer lines fail, what repairs cost and how trenchless lining works,
            plus the pipe risk in each city we serve. Curious about your own street? The risk map shows which
            neighborhoods were built with cast iron, clay or Orangeburg pipe.
          </Trans>
        </p>
        <div className="button-row">
          <SmartLink to="/risk-map" className="button button--primary">
            <Trans>Explore the Pipe Risk Map</Trans>
          </SmartLink>
        </div>
      </div>
    </section>
  );
}
