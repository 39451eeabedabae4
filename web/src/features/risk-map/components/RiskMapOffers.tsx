import '@/locales/risk-map/en';
import { Trans } from '@lingui/react/macro';
import { CallLink } from '@/components/CallLink';
import { SmartLink } from '@/components/SmartLink';
import { business } from '@/config/business';

/** The special offers card: what a homeowner in a rated area gets, and the ways to reach us. */
export function RiskMapOffers() {
  return (
    <div className="card risk-map-offers">
      <h3 id="risk-map-offers-heading">
        <Trans>Special offers</Trans>
      </h3>
      <ul className="risk-map-offers__list" aria-labelledby="risk-map-offers-heading">
        <li>
          <Trans>
            <strong>Free camera inspection</strong> for homes in High and Critical risk areas, and with any estimate.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>10% group discount</strong> when 3 or more neighbors book together.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>$500 referral bonus</strong> for every neighbor you refer who books a repair with us.
          </Trans>
        </li>
      </ul>
      <p className="risk-map-offers__contact">
        <CallLink />
        <br />
        <a href={`mailto:${business.email}`}>{business.email}</a>
      </p>
      <SmartLink to="/contact" className="button button--primary">
        <Trans>Get Free Quote</Trans>
      </SmartLink>
    </div>
  );
}
