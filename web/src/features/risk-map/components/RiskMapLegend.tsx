import { Trans } from '@lingui/react/macro';
import { RISK_DESCRIPTIONS as DESCRIPTIONS_ES, RISK_LABELS as LABELS_ES } from '@/content/es/risk';
import { RISK_DESCRIPTIONS, RISK_LABELS, RISK_LEVELS, type RiskLevel } from '@/content/risk';
import { useLocalized } from '@/i18n/localized';
import { RiskSwatch } from './RiskSwatch';

type Words = Readonly<Record<RiskLevel, string>>;

/** What each marker colour means (the map's scale, highest first), in the page's language. */
export function RiskMapLegend() {
  const labels = useLocalized<Words>({ en: RISK_LABELS, es: LABELS_ES });
  const descriptions = useLocalized<Words>({ en: RISK_DESCRIPTIONS, es: DESCRIPTIONS_ES });
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
