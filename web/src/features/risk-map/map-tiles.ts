import { readDataBlock } from '@/lib/data-block';

/**
 * The street map under the risk map: a tile URL template ({z}/{x}/{y}) and
 * its attribution, plain text. A gateway setting (GATEWAY_MAP_TILE_URL,
 * GATEWAY_MAP_TILE_ATTRIBUTION), so changing the provider needs no rebuild;
 * the gateway names the same host in the CSP's img-src.
 */
export type MapTiles = { url: string; attribution: string };

/**
 * The id of the data block the edge adds to every page it serves (ADR 0003):
 * every page, because a visitor may reach the map from any of them without
 * loading another document.
 */
export const MAP_TILES_BLOCK = 'map-tiles';

/** The tiles the edge served this page with; undefined without them (e.g. the Vite dev server). */
export function embeddedMapTiles(): MapTiles | undefined {
  const block = readDataBlock(MAP_TILES_BLOCK);
  if (typeof block !== 'object' || block === null) return undefined;
  const { url, attribution } = block as Record<string, unknown>;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url) || typeof attribution !== 'string') return undefined;
  return { url, attribution };
}
