import { useLingui } from '@lingui/react/macro';
import { Seo } from '@/components/Seo';
import type { RiskMapCopy } from '@/content/risk-map-page';
import { RiskMapArticle, RiskMapCopyProvider, RiskMapExplorer, RiskMapHero } from '@/features/risk-map';

/**
 * The interactive neighbourhood pipe-risk map (SPEC §2 "Risk map") in the
 * page's language, its data from `copy` (routes/risk-map.tsx hands the
 * English, routes/es/risk-map.tsx the Spanish).
 */
export function RiskMapPage({ copy }: { copy: RiskMapCopy }) {
  const { t } = useLingui();
  return (
    <RiskMapCopyProvider copy={copy}>
      <Seo
        title={t`Phoenix Valley Sewer Pipe Risk Map`}
        description={t`An interactive map of sewer pipe risk in 21 Phoenix Valley neighborhoods: the era each was built, its clay, cast iron, Orangeburg or plastic pipe, and how likely it is to fail.`}
        path="/risk-map"
      />
      <RiskMapHero />
      <RiskMapExplorer />
      <RiskMapArticle />
    </RiskMapCopyProvider>
  );
}
