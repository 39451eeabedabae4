import { useLingui } from '@lingui/react/macro';
import { LocalBusinessJsonLd } from '@/components/LocalBusinessJsonLd';
import { Seo } from '@/components/Seo';
import { business } from '@/config/business';
import type { HomeCopy } from '@/content/home-page';
import { BlogPreview } from '@/features/blog/components/BlogPreview';
import { AboutSection, HomeSections } from '@/features/home';
import { ContactSection } from '@/features/lead-form';
import { SlicedSections } from '@/lib/hydration-slices';

/**
 * The home page (SPEC §2): sections 1–9, the blog preview, About, then the
 * contact form; in the page's language, its data from `copy` (routes/home.tsx
 * hands the English, routes/es/home.tsx the Spanish).
 */
export function HomePage({ copy }: { copy: HomeCopy }) {
  const { t } = useLingui();
  const { companyName, serviceArea } = business;
  return (
    <>
      <Seo
        title={t`Trenchless Drain & Sewer Repair in the Phoenix Valley`}
        description={t`${companyName} repairs drains and sewer lines across the ${serviceArea} without digging up your yard: CIPP pipe lining with blue-light curing, pipe bursting, epoxy coating and free drain camera inspections.`}
        path="/"
      />
      <LocalBusinessJsonLd />
      <HomeSections copy={copy} />
      <SlicedSections>
        <BlogPreview />
        <div className="home">
          <AboutSection />
        </div>
        <ContactSection />
      </SlicedSections>
    </>
  );
}
