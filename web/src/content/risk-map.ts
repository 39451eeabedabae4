// The risk map's 21 neighbourhoods (SPEC §2 "Risk map", §3 "Risk map
// neighbourhood"). Each is a city-page neighbourhood (or one named sub-area
// of one), so its name, rating, era, pipe type and description come from
// that entry (DESIGN §8: one rating per place); this module adds only what a
// map needs: where it is and how strongly it glows on the heat layer.
// Coordinates are the neighbourhood's real centre, to about 100 m.
import type { CitySlug } from './cities';
import { homeTableNeighborhoods, type Neighborhood } from './home-neighborhoods';
import { RISK_LABELS, riskRank, type RiskLabel, type RiskLevel } from './risk';
import { riskMapOnlyNeighborhoods } from './risk-map-neighborhoods';

export type RiskMapNeighborhood = {
  /** The city-page entry's id, with the sub-area's name for a sub-area ("central-tempe/maple-ash"). */
  id: string;
  name: string;
  city: CitySlug;
  lat: number;
  lng: number;
  /** The city-page entry's rating, as people read it. */
  risk: RiskLabel;
  /** The same rating on the site's scale (colours, ranking). */
  riskLevel: RiskLevel;
  /** When the homes (and their drain lines) were built. */
  era: string;
  pipes: string;
  /** Weight on the heat layer, 0–1: higher ratings glow stronger. */
  intensity: number;
  details: string;
};

/** The map's opening view, zoom limits and heat layer (SPEC §9). */
export const RISK_MAP_VIEW = {
  center: [33.4484, -112.074] as const,
  zoom: 11,
  maxZoom: 18,
  /** How close a pick from the neighbourhood list zooms in. */
  focusZoom: 14,
  heat: { radius: 40, blur: 35, maxZoom: 12 },
};

/** The Phoenix Valley, generously: every map place must lie inside it. */
export const VALLEY_BOUNDS = { south: 33.2, north: 33.9, west: -112.5, east: -111.5 };

type Place = { lat: number; lng: number; intensity: number };
/** A whole city-page neighbourhood on the map. */
type WholePlace = Place & { id: string };
/** A named sub-area of one; the entry does not say its own era and pipe type, so they are given here. */
type SubPlace = Place & { id: string; sub: string; era: string; pipes: string };

const PLACES: readonly (WholePlace | SubPlace)[] = [
  // Phoenix
  { id: 'willo', lat: 33.4733, lng: -112.0818, intensity: 0.95 },
  { id: 'encanto-palmcroft', lat: 33.4772, lng: -112.0905, intensity: 0.92 },
  { id: 'coronado', lat: 33.4724, lng: -112.0548, intensity: 0.9 },
  { id: 'arcadia', lat: 33.5028, lng: -111.9675, intensity: 0.78 },
  { id: 'maryvale', lat: 33.4948, lng: -112.1774, intensity: 0.8 },
  { id: 'sunnyslope', lat: 33.5735, lng: -112.0718, intensity: 0.72 },
  { id: 'ahwatukee-foothills', lat: 33.3406, lng: -111.9844, intensity: 0.45 },
  { id: 'desert-ridge', lat: 33.6761, lng: -111.9726, intensity: 0.2 },
  // Scottsdale
  { id: 'old-town-scottsdale', lat: 33.4936, lng: -111.9261, intensity: 0.9 },
  { id: 'south-scottsdale', lat: 33.4712, lng: -111.9196, intensity: 0.88 },
  { id: 'mccormick-ranch', lat: 33.5582, lng: -111.9052, intensity: 0.5 },
  // Tempe
  {
    id: 'central-tempe',
    sub: 'Maple-Ash',
    era: '1920–1945',
    pipes: 'Vitrified clay',
    lat: 33.4196,
    lng: -111.9421,
    intensity: 0.9,
  },
  { id: 'broadmor', lat: 33.4003, lng: -111.9357, intensity: 0.7 },
  // Mesa
  { id: 'downtown-mesa', lat: 33.4196, lng: -111.8302, intensity: 0.75 },
  { id: 'dobson-ranch', lat: 33.3811, lng: -111.8741, intensity: 0.48 },
  // Chandler
  { id: 'silk-stocking', lat: 33.3069, lng: -111.8442, intensity: 0.7 },
  { id: 'ocotillo', lat: 33.2478, lng: -111.8738, intensity: 0.18 },
  // Gilbert
  { id: 'heritage-district', lat: 33.3527, lng: -111.7891, intensity: 0.68 },
  { id: 'val-vista-lakes', lat: 33.3689, lng: -111.7557, intensity: 0.22 },
  // Glendale
  { id: 'catlin-court', lat: 33.5401, lng: -112.1839, intensity: 0.74 },
  // Peoria
  { id: 'old-town-peoria', lat: 33.5808, lng: -112.2398, intensity: 0.52 },
];

const ENTRIES: readonly Neighborhood[] = [...homeTableNeighborhoods, ...riskMapOnlyNeighborhoods];

function toMapNeighborhood(place: WholePlace | SubPlace): RiskMapNeighborhood {
  const n = ENTRIES.find((x) => x.id === place.id);
  if (!n) throw new Error(`risk map: no city-page neighborhood with id ${place.id}`);
  const shared = {
    city: n.city,
    lat: place.lat,
    lng: place.lng,
    risk: RISK_LABELS[n.riskLevel],
    riskLevel: n.riskLevel,
    intensity: place.intensity,
  };
  if (!('sub' in place)) {
    return { ...shared, id: n.id, name: n.name, era: n.era, pipes: n.pipeType, details: n.description };
  }
  const sub = n.subNeighborhoods?.find((s) => s.name === place.sub);
  if (!sub) throw new Error(`risk map: ${n.id} has no sub-area ${place.sub}`);
  return {
    ...shared,
    id: `${n.id}/${sub.name.toLowerCase()}`,
    name: sub.name,
    era: place.era,
    pipes: place.pipes,
    details: sub.details,
  };
}

/** The 21 places, highest rating first (then as listed above): the order of the map's list. */
export const riskMapNeighborhoods: readonly RiskMapNeighborhood[] = PLACES.map(toMapNeighborhood).sort(
  (a, b) => riskRank(b.riskLevel) - riskRank(a.riskLevel),
);
