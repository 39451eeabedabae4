// The risk map page's data in the page's language: routes/risk-map.tsx hands
// the English (content/risk-map-page.ts), routes/es/risk-map.tsx the Spanish.
import type { RiskMapCopy } from '@/content/risk-map-page';
import { createCopy } from '@/i18n/copy';

export const { CopyProvider: RiskMapCopyProvider, useCopy: useRiskMapCopy } = createCopy<RiskMapCopy>('risk map page');
