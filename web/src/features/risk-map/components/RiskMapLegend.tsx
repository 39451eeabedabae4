import '@/locales/risk-map/en';
import { Trans } from '@lingui/react/macro';
import { RISK_LEVELS } from '@/content/risk';
import { useRiskMapCopy } from '../copy';
import { RiskSwatch } from './RiskSwatch';

/** What each marker colour means (the map's scale, highest first), in the page's language. */
export function RiskMapLegend() {
  const { riskLabels: labels, riskDescriptions: descriptions } = useRiskMapCopy();
  return (
    <div className="risk-map-legend">
      <h3 id="risk-map-legend-heading">
        <Trans>Risk levels</Trans>
      </h3>
      <ul className="risk-map-legend__list" aria-labelledby="risk-map-legend-heading">
        {[...RISK_LEVELS].reverse().map((level) => (
          <li key={level}>
            <RiskSwatch level={level} />
            <span>
              <strong>{labels[level]}.</strong> {descriptions[level]}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
