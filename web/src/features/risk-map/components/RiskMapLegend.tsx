import { RISK_DESCRIPTIONS, RISK_LABELS, RISK_LEVELS } from '@/content/risk';
import { RiskSwatch } from './RiskSwatch';

/** What each marker colour means (the map's scale, highest first). */
export function RiskMapLegend() {
  return (
    <div className="risk-map-legend">
      <h3 id="risk-map-legend-heading">Risk levels</h3>
      <ul className="risk-map-legend__list" aria-labelledby="risk-map-legend-heading">
        {[...RISK_LEVELS].reverse().map((level) => (
          <li key={level}>
            <RiskSwatch level={level} />
            <span>
              <strong>{RISK_LABELS[level]}.</strong> {RISK_DESCRIPTIONS[level]}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
