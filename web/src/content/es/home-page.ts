// The home page's data in Spanish, for /es/ (issue 40); content/home-page.ts has
// the English and the type.
import type { HomeCopy } from '../home-page';
import { pipeEras } from './eras';
import { homeTableNeighborhoods } from './home-neighborhoods';
import { featuredProject } from './projects';
import { RISK_DESCRIPTIONS } from './risk';
import { serviceCards } from './services';
import { headlineStats, ratingBadge } from './stats';
import { testimonials } from './testimonials';
import { processVideo, testimonialVideo, videos } from './videos';

export const homeCopy: HomeCopy = {
  pipeEras,
  ratingBadge,
  serviceCards,
  featuredProject,
  processVideo,
  riskNeighborhoods: homeTableNeighborhoods,
  riskDescriptions: RISK_DESCRIPTIONS,
  headlineStats,
  testimonials,
  testimonialVideo,
  testimonialsTranslated: true,
  videos,
};
