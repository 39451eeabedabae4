import { isRiskLevel, riskColors, RISK_LABELS } from '@/content/risk';
import { RISK_LABELS as RISK_LABELS_ES } from '@/content/es/risk';
import { useLocalized } from '@/i18n/localized';
import { useLocale } from '@/i18n/use-locale';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';

/** "medium" → "Moderate" ("Moderado" on Spanish pages); a value outside the scale → "Unknown". */
export function useRiskLabel(): (level: string) => string {
  const labels = useLocalized({ en: RISK_LABELS, es: RISK_LABELS_ES });
  const { i18n } = useLingui();
  return (level) => (isRiskLevel(level) ? labels[level] : i18n._(msg`Unknown`));
}

/**
 * A risk level as a coloured badge; the colours come from the one risk scale
 * (content/risk.ts). Screen readers hear "High risk" in English and "riesgo
 * alto" in Spanish: the word is a hidden suffix or prefix, the badge shows the level.
 */
export function RiskBadge({ level, suffix }: { level: string; suffix?: string }) {
  const { i18n } = useLingui();
  const label = useRiskLabel();
  const spanish = useLocale() === 'es';
  const colors = riskColors(level);
  // Spanish puts the word first ("riesgo alto"); English after ("High risk").
  const hidden =
    suffix ?? (spanish ? `${i18n._(msg({ message: 'risk', context: 'read before the level, in Spanish' }))} ` : i18n._(msg` risk`));
  return (
    <span className="risk-badge" data-risk={level} style={{ backgroundColor: colors.background, color: colors.text }}>
      {spanish && hidden && <span className="visually-hidden">{hidden}</span>}
      {label(level)}
      {!spanish && hidden && <span className="visually-hidden">{hidden}</span>}
    </span>
  );
}
