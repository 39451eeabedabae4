// The risk map page's data in English (issue 40: each language's route
// hands its own copy to the page, content/es/risk-map-page.ts the Spanish).
import { cities, type City } from './cities';
import { RISK_DESCRIPTIONS, RISK_LABELS, type RiskLevel } from './risk';
import { riskMapNeighborhoods, type RiskMapNeighborhood } from './risk-map';

/** A map place with its rating in the page's words ('High', 'Alto'). */
export type RiskMapPlace = Omit<RiskMapNeighborhood, 'risk'> & { risk: string };

export type RiskMapCopy = {
  places: readonly RiskMapPlace[];
  cities: readonly City[];
  riskLabels: Readonly<Record<RiskLevel, string>>;
  riskDescriptions: Readonly<Record<RiskLevel, string>>;
};

export const riskMapCopy: RiskMapCopy = {
  places: riskMapNeighborhoods,
  cities,
  riskLabels: RISK_LABELS,
  riskDescriptions: RISK_DESCRIPTIONS,
};
