import type { CitySlug } from '@/content/cities';
import { cities } from '@/content/es/cities';
import { cityDetails } from '@/content/es/city-details';
import { neighborhoods } from '@/content/es/neighborhoods';
import { CityPage, type CityCopy } from '@/features/city-page/CityPage';

const copy: CityCopy = {
  cityPage: (slug: CitySlug) => {
    const city = cities.find((c) => c.slug === slug);
    if (!city) throw new Error(`no Spanish city data for ${slug}`);
    return { ...city, ...cityDetails[slug] };
  },
  neighborhoodsOf: (slug: CitySlug) => neighborhoods.filter((n) => n.city === slug),
};

/** /es/phoenix, /es/scottsdale, …: the eight service-area cities in Spanish (issue 40). */
export function CityRoute() {
  return <CityPage copy={copy} />;
}
