// The risk-map page's sections (SPEC §2 "Risk map"). The places come from
// content/risk-map.ts; the map is drawn by map/draw-map.ts, which the
// explorer loads (with Leaflet) only after the page has hydrated.
import './risk-map.css';

export { RiskMapHero } from './components/RiskMapHero';
export { RiskMapExplorer } from './components/RiskMapExplorer';
export { RiskMapArticle } from './components/RiskMapArticle';
export { RiskMapCopyProvider } from './copy';
