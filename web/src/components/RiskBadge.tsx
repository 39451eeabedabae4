import { riskColors, riskLabel } from '@/content/risk';

/** A risk level as a coloured badge; the colours come from the one risk scale (content/risk.ts). */
export function RiskBadge({ level, suffix = ' risk' }: { level: string; suffix?: string }) {
  const colors = riskColors(level);
  return (
    <span className="risk-badge" data-risk={level} style={{ backgroundColor: colors.background, color: colors.text }}>
      {riskLabel(level)}
      {suffix && <span className="visually-hidden">{suffix}</span>}
    </span>
  );
}
