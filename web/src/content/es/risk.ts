// Spanish edition of content/risk.ts (issue 40): the pipe-risk scale's words.
// The levels and every colour are the English module's data, repeated here so
// this module exports the same constants; only labels and descriptions differ.
//
// Not copied here (functions stay in the English module): isRiskLevel,
// riskLabel, riskColors, riskRank. riskLabel's fallback for a value outside
// the scale, 'Unknown', is 'Desconocido' in Spanish.
//
// RISK_LABELS is typed Readonly<Record<RiskLevel, string>> (not as const), so
// it can stand wherever the English labels and Spanish labels are chosen
// between (the English type RiskLabel names the English words only).
import type { RiskBadgeColors, RiskLevel } from '../risk';

export const RISK_LEVELS: readonly RiskLevel[] = ['low', 'medium', 'high', 'critical'];

/** How each level is shown to people ("medium" reads as "Moderado"). */
export const RISK_LABELS: Readonly<Record<RiskLevel, string>> = {
  low: 'Bajo',
  medium: 'Moderado',
  high: 'Alto',
  critical: 'Crítico',
};

/** What each level means for a homeowner (the risk legend's tooltips). */
export const RISK_DESCRIPTIONS: Readonly<Record<RiskLevel, string>> = {
  low: 'Líneas más nuevas de PVC o ABS. Los problemas son raros; basta con una revisión con cámara cuando compre o remodele.',
  medium:
    'Materiales mixtos o envejecidos. Esté atento a los drenajes lentos y haga inspeccionar la línea cada pocos años.',
  high: 'Hierro fundido o barro cerca del final de su vida útil o ya pasado. Las grietas, el sarro y las raíces son comunes; se recomienda una inspección.',
  critical:
    'Orangeburg o hierro fundido que está fallando. Es probable que la línea se colapse y que las aguas negras se regresen; haga inspeccionar la línea ahora.',
};

/** Badge colours: background and text (the English module's, unchanged). */
export const RISK_COLORS: Readonly<Record<RiskLevel, RiskBadgeColors>> = {
  low: { background: '#15803d', text: '#ffffff' },
  medium: { background: '#facc15', text: '#1b2631' },
  high: { background: '#c2410c', text: '#ffffff' },
  critical: { background: '#b91c1c', text: '#ffffff' },
};

/** The risk map's marker, heat and legend-swatch colours (unchanged). */
export const RISK_MAP_COLORS: Readonly<Record<RiskLevel, string>> = {
  low: '#7dd3fc',
  medium: '#facc15',
  high: '#ff5722',
  critical: '#c62828',
};

/** The outline drawn around every map marker and legend swatch. */
export const RISK_MAP_OUTLINE = '#1b2631';

/** Grey for a value outside the scale. */
export const UNKNOWN_RISK_COLORS: RiskBadgeColors = { background: '#4b5563', text: '#ffffff' };
