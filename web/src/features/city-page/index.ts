// The shared template of the eight city pages (SPEC §2 "City pages"); the
// data comes from content/cities.ts and content/neighborhoods.ts (content/es/
// on /es/ pages, through the route module), the static words from Lingui.
import './components/city-page.css';

export { CityHero, CITY_HERO_TITLE } from './components/CityHero';
export { RiskAssessment } from './components/RiskAssessment';
export { NeighborhoodGrid } from './components/NeighborhoodGrid';
export { CityCallToAction } from './components/CityCallToAction';
