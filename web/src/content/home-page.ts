// The home page's data in English (issue 40: each language's route hands
// its own copy to the page, content/es/home-page.ts the Spanish).
import { pipeEras, type PipeEra } from './eras';
import { homeTableNeighborhoods, type Neighborhood } from './home-neighborhoods';
import { featuredProject, type FeaturedProject } from './projects';
import { RISK_DESCRIPTIONS, type RiskLevel } from './risk';
import { serviceCards, type ServiceCard } from './services';
import { headlineStats, ratingBadge, type HeadlineStat } from './stats';
import { testimonials, type Testimonial } from './testimonials';
import { processVideo, testimonialVideo, videos, type Video, type VideoRef } from './videos';

export type HomeCopy = {
  pipeEras: readonly PipeEra[];
  ratingBadge: { score: number; outOf: number; label: string };
  serviceCards: readonly ServiceCard[];
  featuredProject: FeaturedProject;
  processVideo: VideoRef;
  riskNeighborhoods: readonly Neighborhood[];
  riskDescriptions: Readonly<Record<RiskLevel, string>>;
  headlineStats: readonly HeadlineStat[];
  testimonials: readonly Testimonial[];
  testimonialVideo: VideoRef;
  /** Whether the reviews are translations (the reviewers wrote in English): the page says so. */
  testimonialsTranslated: boolean;
  videos: readonly Video[];
};

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
  testimonialsTranslated: false,
  videos,
};
