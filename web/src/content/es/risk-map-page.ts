// The risk map page's data in Spanish, for /es/risk-map (issue 40);
// content/risk-map-page.ts has the English and the type.
import type { RiskMapCopy } from '../risk-map-page';
import { cities } from './cities';
import { RISK_DESCRIPTIONS, RISK_LABELS } from './risk';
import { riskMapNeighborhoods } from './risk-map';

export const riskMapCopy: RiskMapCopy = {
  places: riskMapNeighborhoods,
  cities,
  riskLabels: RISK_LABELS,
  riskDescriptions: RISK_DESCRIPTIONS,
};
