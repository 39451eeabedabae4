import { getCityPage } from '@/content/city-details';
import { neighborhoodsOf } from '@/content/neighborhoods';
import { CityPage, type CityCopy } from '@/features/city-page/CityPage';

const copy: CityCopy = { cityPage: getCityPage, neighborhoodsOf };

/** /phoenix, /scottsdale, …: the eight service-area cities (SPEC §2 "City pages"), in English. */
export function CityRoute() {
  return <CityPage copy={copy} />;
}
