import { RISK_MAP_COLORS, type RiskLevel } from '@/content/risk';

/** A level's map colour as a small outlined dot; decoration beside the level's name. */
export function RiskSwatch({ level }: { level: RiskLevel }) {
  return <span className="risk-map-swatch" style={{ backgroundColor: RISK_MAP_COLORS[level] }} aria-hidden="true" />;
}
