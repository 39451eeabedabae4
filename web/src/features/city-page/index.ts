// The shared template of the eight city pages (SPEC §2 "City pages"); the
// data comes from content/cities.ts and content/neighborhoods.ts.
import './components/city-page.css';

export { CityHero, cityHeroTitle } from './components/CityHero';
export { RiskAssessment } from './components/RiskAssessment';
export { NeighborhoodGrid } from './components/NeighborhoodGrid';
export { CityCallToAction } from './components/CityCallToAction';
