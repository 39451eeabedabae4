// The risk map itself (SPEC §2 "Risk map", §9 constants): a street map, a
// heat layer weighted by each place's intensity and a coloured marker with a
// popup per place. Only the risk-map page loads this module, after it has
// hydrated, and Leaflet with it (DESIGN §6: its own chunk); the page's list
// of places works without it.
import type { CircleMarker, PopupEvent } from 'leaflet';
import L from './leaflet-global';
import 'leaflet.heat';
import { RISK_MAP_COLORS, RISK_MAP_OUTLINE } from '@/content/risk';
import type { RISK_MAP_VIEW } from '@/content/risk-map';
import type { RiskMapPlace } from '@/content/risk-map-page';
import type { MapTiles } from '../map-tiles';
import leafletCss from './leaflet-map.css?inline';

/** A place as the map draws it, its words in the page's language (a Spanish place's rating reads "Alto"). */
export type MapPlace = RiskMapPlace;

/**
 * The map's own words in the page's language (issue 40), passed in by the
 * explorer: this chunk has no messages of its own.
 */
export type MapLabels = {
  /** The zoom buttons' titles (their accessible names). */
  zoomIn: string;
  zoomOut: string;
  /** The popup's close button's accessible name. */
  closePopup: string;
  /** A place's rating as its popup shows it, e.g. "High risk". */
  rating: (place: MapPlace) => string;
  /** The popup's fact names. */
  built: string;
  pipes: string;
};

export type DrawOptions = {
  container: HTMLElement;
  /** Centre, zooms and heat layer (passed in, so the page's data stays out of this chunk). */
  view: typeof RISK_MAP_VIEW;
  places: readonly MapPlace[];
  labels: MapLabels;
  /** The street map; without one the places are drawn on a blank background. */
  tiles: MapTiles | undefined;
  /** false when street-map tiles fail to load (or there is no street map), true when a full view loads again. */
  onStreetMap: (available: boolean) => void;
  /** A place's popup opened (its id) or closed (null). */
  onPopup: (id: string | null) => void;
};

export type RiskMapHandle = {
  /** Zooms in on a place (SPEC §9: to 14) and opens its popup. */
  focus: (id: string) => void;
  remove: () => void;
};

export function drawRiskMap({ container, view, places, labels, tiles, onStreetMap, onPopup }: DrawOptions): RiskMapHandle {
  addStylesheet();
  const { center, zoom, maxZoom, focusZoom, heat } = view;
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const map = L.map(container, {
    center: [center[0], center[1]],
    zoom,
    maxZoom,
    zoomAnimation: !still,
    fadeAnimation: !still,
    markerZoomAnimation: !still,
    // Added below, with its titles in the page's language.
    zoomControl: false,
  });
  L.control.zoom({ zoomInTitle: labels.zoomIn, zoomOutTitle: labels.zoomOut }).addTo(map);
  map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');

  if (tiles) {
    // On a high-density screen each tile's place is filled by four tiles from
    // one zoom level deeper (Leaflet's detectRetina), so the street map is as
    // sharp as the screen; never deeper than the map's own maximum zoom.
    const retina = (window.devicePixelRatio || 1) > 1;
    const layer = L.tileLayer(tiles.url, {
      attribution: escapeHtml(tiles.attribution),
      ...(retina ? { detectRetina: true, maxZoom: maxZoom + 1, maxNativeZoom: maxZoom - 1 } : { maxZoom }),
    }).addTo(map);
    // A view's tiles load as a batch ('loading' … 'load'); one failure marks
    // the street map unavailable until a later batch loads in full.
    let failed = 0;
    layer.on('loading', () => (failed = 0));
    layer.on('tileerror', () => {
      failed += 1;
      onStreetMap(false);
    });
    layer.on('load', () => failed === 0 && onStreetMap(true));
  } else {
    onStreetMap(false);
  }

  L.heatLayer(
    places.map((p) => [p.lat, p.lng, p.intensity] as const),
    heat,
  ).addTo(map);

  const markers = new Map<string, CircleMarker>();
  for (const p of places) {
    const marker = L.circleMarker([p.lat, p.lng], {
      radius: 8 + p.intensity * 5,
      color: RISK_MAP_OUTLINE,
      weight: 1.5,
      fillColor: RISK_MAP_COLORS[p.riskLevel],
      fillOpacity: 0.9,
      className: `risk-map-marker risk-map-marker--${p.riskLevel}`,
    })
      .bindPopup(popupContent(p, labels), { maxWidth: 280 })
      .on('popupopen', (e: PopupEvent) => {
        // Leaflet names its close button in English ('Close popup'); the button exists once the popup is open.
        e.popup.getElement()?.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', labels.closePopup);
        onPopup(p.id);
      })
      .on('popupclose', () => onPopup(null))
      .addTo(map);
    markers.set(p.id, marker);
  }

  // Opening a popup while the view still moves would pan it away again, so
  // focus() opens it when the move it started ends (setView always fires
  // moveend, even when the view does not change).
  let afterMove: (() => void) | undefined;
  map.on('moveend', () => {
    const open = afterMove;
    afterMove = undefined;
    open?.();
  });

  return {
    focus(id) {
      const marker = markers.get(id);
      if (!marker) return;
      afterMove = () => marker.openPopup();
      map.setView(marker.getLatLng(), focusZoom, { animate: !still });
    },
    remove: () => map.remove(),
  };
}

/** Leaflet's styles, once per document (the CSP allows inline styles). */
function addStylesheet() {
  if (document.getElementById('leaflet-map-css')) return;
  const style = document.createElement('style');
  style.id = 'leaflet-map-css';
  style.textContent = leafletCss;
  document.head.append(style);
}

/** A place's popup: name, rating, era, pipe type and details, as text nodes (never parsed as HTML). */
function popupContent(p: MapPlace, labels: MapLabels): HTMLElement {
  const root = element('div', 'risk-map-popup');
  const risk = element('p', 'risk-map-popup__risk');
  const swatch = element('span', 'risk-map-swatch');
  swatch.style.backgroundColor = RISK_MAP_COLORS[p.riskLevel];
  risk.append(swatch, labels.rating(p));
  const facts = element('dl', 'risk-map-popup__facts');
  facts.append(
    element('dt', '', labels.built),
    element('dd', '', p.era),
    element('dt', '', labels.pipes),
    element('dd', '', p.pipes),
  );
  root.append(element('p', 'risk-map-popup__name', p.name), risk, facts, element('p', 'risk-map-popup__details', p.details));
  return root;
}

function element(tag: string, className: string, text?: string): HTMLElement {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/** Leaflet writes attributions as HTML; the setting is plain text. */
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
