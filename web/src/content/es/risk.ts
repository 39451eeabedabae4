// Spanish edition of content/risk.ts (issue 40): the pipe-risk scale's words.
// The levels are repeated and the colours re-exported, so this module exports
// the same constants as the English one; only labels and descriptions differ.
//
// Not copied here (functions stay in the English module): isRiskLevel,
// riskLabel, riskColors, riskRank. riskLabel's fallback for a value outside
// the scale, 'Unknown', is 'Desconocido' in Spanish.
//
// RISK_LABELS is typed Readonly<Record<RiskLevel, string>> (not as const), so
// it can stand wherever the English labels and Spanish labels are chosen
// between (the English type RiskLabel names the English words only).
import type { RiskLevel } from '../risk';

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

// The colours are the English module's: one definition, whatever the language.
export { RISK_COLORS, RISK_MAP_COLORS, RISK_MAP_OUTLINE, UNKNOWN_RISK_COLORS } from '../risk';
