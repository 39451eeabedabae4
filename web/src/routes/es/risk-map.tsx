import { riskMapCopy } from '@/content/es/risk-map-page';
import { RiskMapPage } from '../risk-map-page';

/** The Spanish risk map, /es/risk-map (issue 40). */
export function RiskMapRoute() {
  return <RiskMapPage copy={riskMapCopy} />;
}
