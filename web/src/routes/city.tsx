import { useLocation } from 'react-router';
import { Seo } from '@/components/Seo';
import { business } from '@/config/business';
import { isCitySlug } from '@/content/cities';
import { getCityPage } from '@/content/city-details';
import { neighborhoodsOf } from '@/content/neighborhoods';
import { riskLabel } from '@/content/risk';
import { CityCallToAction, CityHero, cityHeroTitle, NeighborhoodGrid, RiskAssessment } from '@/features/city-page';
import { ContactSection } from '@/features/lead-form';
import { NotFoundRoute } from './not-found';
import { SlicedSections } from '@/lib/hydration-slices';

/** /phoenix, /scottsdale, …: one template for the eight service-area cities (SPEC §2 "City pages"). */
export function CityRoute() {
  const slug = useLocation().pathname.split('/')[1];
  if (!isCitySlug(slug)) return <NotFoundRoute />;
  const city = getCityPage(slug);
  const neighborhoods = neighborhoodsOf(slug);
  return (
    <>
      <Seo
        title={cityHeroTitle(city.name)}
        description={`Trenchless drain and sewer repair in ${city.name}, AZ: ${riskLabel(city.riskLevel).toLowerCase()} pipe risk, ${neighborhoods.length} neighborhoods mapped, free camera inspections and CIPP lining from ${business.companyName}.`}
        path={`/${slug}`}
      />
      <CityHero city={city} />
      <SlicedSections>
        <RiskAssessment city={city} />
        <NeighborhoodGrid city={city} neighborhoods={neighborhoods} />
        <CityCallToAction city={city} />
        <ContactSection title={`Schedule Your Free ${city.name} Drain Assessment`} />
      </SlicedSections>
    </>
  );
}
