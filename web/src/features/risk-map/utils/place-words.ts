import '@/locales/risk-map/en';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { City, CitySlug } from '@/content/cities';
import type { Locale } from '@/i18n/locale';
import type { MapLabels, MapPlace } from '../map/draw-map';

/** What the risk map says about its places, in one language. */
export type PlaceWords = {
  /** The map's own words (zoom buttons, popups), handed to draw-map.ts. */
  labels: MapLabels;
  /** The list's line under a place's name: its city and rating. */
  meta: (place: MapPlace) => string;
  /** What a place's popup says, as one sentence for screen readers. */
  describe: (place: MapPlace) => string;
};

/**
 * The places' words in a language (issue 40), from the active messages and
 * that language's cities. Inside a sentence English keeps the rating's
 * capital ("Critical risk") and writes the pipes in lower case ("clay
 * pipe"), as it always has; Spanish writes the rating in lower case
 * ("riesgo crítico") and the pipes as named ("Tuberías: PVC").
 */
export function placeWords(i18n: I18n, locale: Locale, cities: readonly City[]): PlaceWords {
  const spanish = locale === 'es';
  const cityOf = (slug: CitySlug) => cities.find((c) => c.slug === slug)?.name ?? slug;
  const riskOf = (p: MapPlace) => (spanish ? p.risk.toLowerCase() : p.risk);
  return {
    labels: {
      zoomIn: i18n._(msg`Zoom in`),
      zoomOut: i18n._(msg`Zoom out`),
      closePopup: i18n._(msg`Close popup`),
      rating: (p) => {
        const risk = riskOf(p);
        return i18n._(msg`${risk} risk`);
      },
      built: i18n._(msg`Built`),
      pipes: i18n._(msg`Pipes`),
    },
    meta(p) {
      const cityName = cityOf(p.city);
      const risk = riskOf(p);
      return i18n._(msg`${cityName}, ${risk} risk`);
    },
    describe(p) {
      const { name, era, details } = p;
      const cityName = cityOf(p.city);
      const risk = riskOf(p);
      const pipes = spanish ? p.pipes : p.pipes.toLowerCase();
      return i18n._(msg`${name}, ${cityName}: ${risk} risk. Built ${era}; ${pipes} pipe. ${details}`);
    },
  };
}
