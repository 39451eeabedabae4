import { riskMapCopy } from '@/content/risk-map-page';
import { RiskMapPage } from './risk-map-page';

/** The English risk map, /risk-map. */
export function RiskMapRoute() {
  return <RiskMapPage copy={riskMapCopy} />;
}
