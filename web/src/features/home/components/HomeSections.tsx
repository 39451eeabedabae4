import '../home.css';
import { BeforeAfter } from './BeforeAfter';
import { HeroSection } from './HeroSection';
import { ProblemSolution } from './ProblemSolution';
import { ProcessSteps } from './ProcessSteps';
import { RiskTable } from './RiskTable';
import { ServiceCards } from './ServiceCards';
import { Testimonials } from './Testimonials';
import { TrustBadges } from './TrustBadges';
import { VideoShowcase } from './VideoShowcase';
import type { HomeCopy } from '@/content/home-page';
import { SlicedSections } from '@/lib/hydration-slices';
import { HomeCopyProvider } from '../copy';

/**
 * The home page's own sections in SPEC §2 order (items 1–9). The route adds
 * the blog preview (item 10), About, the contact section and the page meta.
 * Below the hero, each section hydrates in a task of its own. `copy` is the
 * page's data in its language (content/home-page.ts or content/es/home-page.ts).
 */
export function HomeSections({ copy }: { copy: HomeCopy }) {
  return (
    <HomeCopyProvider copy={copy}>
      <div className="home">
        <HeroSection />
        <SlicedSections>
          <TrustBadges />
          <ProblemSolution />
          <ServiceCards />
          <BeforeAfter />
          <ProcessSteps />
          <RiskTable />
          <Testimonials />
          <VideoShowcase />
        </SlicedSections>
      </div>
    </HomeCopyProvider>
  );
}
