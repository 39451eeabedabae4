// A city page put together (SPEC §2 "City pages") from one language's copy:
// routes/city.tsx passes the English, routes/es/city.tsx the Spanish (issue 40).
import '@/locales/city-page/en';
import { useLocation } from 'react-router';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Seo } from '@/components/Seo';
import { business } from '@/config/business';
import { isCitySlug, type CitySlug } from '@/content/cities';
import type { CityPageData } from '@/content/city-details';
import type { Neighborhood } from '@/content/neighborhoods';
import { ContactSection } from '@/features/lead-form';
import { stripLocale } from '@/i18n/locale';
import { SlicedSections } from '@/lib/hydration-slices';
import { NotFoundRoute } from '@/routes/not-found';
import { CityCallToAction, CityHero, NeighborhoodGrid, RiskAssessment } from './index';
import { useRiskLabel } from '@/components/RiskBadge';

/** One language's city copy. */
export type CityCopy = {
  cityPage: (slug: CitySlug) => CityPageData;
  neighborhoodsOf: (slug: CitySlug) => readonly Neighborhood[];
};

/** /phoenix, /scottsdale, … (and /es/…): one template for the eight service-area cities. */
export function CityPage({ copy }: { copy: CityCopy }) {
  const { i18n } = useLingui();
  const riskLabel = useRiskLabel();
  const slug = stripLocale(useLocation().pathname).split('/')[1];
  if (!isCitySlug(slug)) return <NotFoundRoute />;
  const city = copy.cityPage(slug);
  const neighborhoods = copy.neighborhoodsOf(slug);
  const cityName = city.name;
  const risk = riskLabel(city.riskLevel).toLowerCase();
  const count = neighborhoods.length;
  const company = business.companyName;
  return (
    <>
      <Seo
        // The hero's title (CITY_HERO_TITLE, city.hero.title's seed wording; in Spanish its contentEs).
        title={i18n._(msg`${cityName} Drain Repair & Pipe Lining Specialists`)}
        description={i18n._(
          msg`Trenchless drain and sewer repair in ${cityName}, AZ: ${risk} pipe risk, ${count} neighborhoods mapped, free camera inspections and CIPP lining from ${company}.`,
        )}
        path={`/${slug}`}
      />
      <CityHero city={city} />
      <SlicedSections>
        <RiskAssessment city={city} />
        <NeighborhoodGrid city={city} neighborhoods={neighborhoods} />
        <CityCallToAction city={city} />
        <ContactSection title={i18n._(msg`Schedule Your Free ${cityName} Drain Assessment`)} />
      </SlicedSections>
    </>
  );
}
