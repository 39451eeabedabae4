// The sections of the resources page (SPEC §2 "Resources page", shown at both
// /resources and /blog). The articles and FAQs live in content/resources.ts,
// the city ratings in content/cities.ts; routes/resources.tsx puts the
// sections together with the shared contact section of features/lead-form.
import './resources-page.css';

export { ResourcesHero } from './components/ResourcesHero';
export { ArticleList } from './components/ArticleList';
export { ServiceAreaCards } from './components/ServiceAreaCards';
export { ResourceFaqList } from './components/ResourceFaqList';
export { ResourcesCallToAction } from './components/ResourcesCallToAction';
export { ResourcesCopyProvider } from './copy';
