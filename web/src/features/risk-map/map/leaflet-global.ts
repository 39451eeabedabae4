// Leaflet, assembled from its source modules: only the map with its drag,
// keyboard, wheel, double-click and touch handlers, the zoom and attribution
// controls, tile layers, circle markers (SVG) and popups. The package's
// built file carries everything (GeoJSON, overlays, markers with icons,
// tooltips, other projections, …): 43 KB gzip against 31 KB for these, and
// the map page must stay under the script budget (issue 14).
//
// leaflet.heat is a plain script that extends the global `L`, as Leaflet's
// script build defines it; this module defines that `L` with what the
// plugin reads, and draw-map.ts imports it before leaflet.heat.
import type * as leaflet from 'leaflet';
import { createMap } from 'leaflet/src/map/Map';
import 'leaflet/src/map/handler/Map.DoubleClickZoom';
import 'leaflet/src/map/handler/Map.Drag';
import 'leaflet/src/map/handler/Map.Keyboard';
import 'leaflet/src/map/handler/Map.ScrollWheelZoom';
import 'leaflet/src/map/handler/Map.TouchZoom';
import 'leaflet/src/map/handler/Map.TapHold';
import { zoom } from 'leaflet/src/control/Control.Zoom';
import 'leaflet/src/control/Control.Attribution';
import 'leaflet/src/layer/Popup';
import 'leaflet/src/layer/vector/Renderer.getRenderer';
import { tileLayer } from 'leaflet/src/layer/tile/TileLayer';
import { circleMarker } from 'leaflet/src/layer/vector/CircleMarker';
import { Layer } from 'leaflet/src/layer/Layer';
import { Class } from 'leaflet/src/core/Class';
import * as Util from 'leaflet/src/core/Util';
import * as DomUtil from 'leaflet/src/dom/DomUtil';
import Browser from 'leaflet/src/core/Browser';
import { Bounds } from 'leaflet/src/geometry/Bounds';
import { toPoint } from 'leaflet/src/geometry/Point';

/** leaflet.heat's factory, which it adds to `L`. */
type HeatLayerFactory = (
  points: readonly (readonly [number, number, number])[],
  options: { radius: number; blur: number; maxZoom: number; max?: number },
) => leaflet.Layer;

export type LeafletWithHeat = Pick<typeof leaflet, 'map' | 'tileLayer' | 'circleMarker'> & {
  control: Pick<typeof leaflet.control, 'zoom'>;
  heatLayer: HeatLayerFactory;
};

const L = {
  map: createMap,
  tileLayer,
  circleMarker,
  // The zoom buttons, added by draw-map.ts with titles in the page's language.
  control: { zoom },
  // What leaflet.heat reads.
  Layer,
  Class,
  Util,
  DomUtil,
  Browser,
  Bounds,
  point: toPoint,
  setOptions: Util.setOptions,
} as unknown as LeafletWithHeat;
(globalThis as { L?: unknown }).L = L;

export default L;
