import { useLingui } from '@lingui/react/macro';
import { Seo } from '@/components/Seo';
import { RiskMapArticle, RiskMapExplorer, RiskMapHero } from '@/features/risk-map';

/** /risk-map (and /es/risk-map): the interactive neighbourhood pipe-risk map (SPEC §2 "Risk map"). */
export function RiskMapRoute() {
  const { t } = useLingui();
  return (
    <>
      <Seo
        title={t`Phoenix Valley Sewer Pipe Risk Map`}
        description={t`An interactive map of sewer pipe risk in 21 Phoenix Valley neighborhoods: the era each was built, its clay, cast iron, Orangeburg or plastic pipe, and how likely it is to fail.`}
        path="/risk-map"
      />
      <RiskMapHero />
      <RiskMapExplorer />
      <RiskMapArticle />
    </>
  );
}
