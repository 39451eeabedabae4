// leaflet.heat is a plain script that extends the global `L`, as Leaflet's
// script build defines it; Leaflet's ES module build defines none. This
// module defines it (a copy of the module namespace, which is read-only)
// and draw-map.ts imports it before leaflet.heat, so the plugin finds it.
import * as leaflet from 'leaflet';

/** leaflet.heat's factory, which it adds to `L`. */
type HeatLayerFactory = (
  points: readonly (readonly [number, number, number])[],
  options: { radius: number; blur: number; maxZoom: number; max?: number },
) => leaflet.Layer;

export type LeafletWithHeat = typeof leaflet & { heatLayer: HeatLayerFactory };

const L = { ...leaflet } as LeafletWithHeat;
(globalThis as { L?: unknown }).L = L;

export default L;
