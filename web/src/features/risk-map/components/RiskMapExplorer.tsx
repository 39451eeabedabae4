import '@/locales/risk-map/en';
import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { RISK_MAP_VIEW } from '@/content/risk-map';
import { useLocale } from '@/i18n/use-locale';
import { useRiskMapCopy } from '../copy';
import { embeddedMapTiles } from '../map-tiles';
import type { MapPlace, RiskMapHandle } from '../map/draw-map';
import { placeWords } from '../utils/place-words';
import { RiskMapLegend } from './RiskMapLegend';
import { RiskMapOffers } from './RiskMapOffers';
import { RiskSwatch } from './RiskSwatch';

type MapState = 'loading' | 'ready' | 'failed';

/**
 * The map (drawn after hydration, with Leaflet loaded on demand), its legend,
 * and beside it the list of the 21 places, which is the way through the map
 * by keyboard and screen reader: each is a button that zooms the map in on
 * the place, opens its popup and reads out what the popup says.
 */
export function RiskMapExplorer() {
  const { i18n, t } = useLingui();
  // The places and their cities in the page's language (content/es/ on /es/risk-map).
  const { places, cities } = useRiskMapCopy();
  const words = placeWords(i18n, useLocale(), cities);
  const canvas = useRef<HTMLDivElement>(null);
  const map = useRef<RiskMapHandle | undefined>(undefined);
  // A place picked before the map is drawn: shown as soon as it is.
  const picked = useRef<string | undefined>(undefined);
  const [state, setState] = useState<MapState>('loading');
  const [streetMap, setStreetMap] = useState(true);
  const [open, setOpen] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    let drawn: RiskMapHandle | undefined;
    let gone = false;
    import('../map/draw-map').then(
      ({ drawRiskMap }) => {
        if (gone || !canvas.current) return;
        drawn = drawRiskMap({
          container: canvas.current,
          view: RISK_MAP_VIEW,
          places,
          labels: words.labels,
          tiles: embeddedMapTiles(),
          onStreetMap: setStreetMap,
          onPopup: setOpen,
        });
        map.current = drawn;
        setState('ready');
        if (picked.current) drawn.focus(picked.current);
      },
      () => !gone && setState('failed'),
    );
    return () => {
      gone = true;
      drawn?.remove();
      map.current = undefined;
    };
    // Drawn once: a page's language never changes (the Spanish page is another route, another mount).
  }, []);

  function show(p: MapPlace) {
    setAnnouncement(words.describe(p));
    canvas.current?.scrollIntoView({ block: 'nearest' });
    if (map.current) map.current.focus(p.id);
    else picked.current = p.id;
  }

  let message = '';
  if (state === 'loading') message = t`Loading the map…`;
  else if (state === 'failed') message = t`The map could not load. Every neighborhood and its rating is in the list.`;
  else if (!streetMap) {
    message = t`The street map is unavailable right now. The neighborhood markers, the heat layer and the list still work.`;
  }

  return (
    <section className="section risk-map-explorer" aria-labelledby="risk-map-explorer-heading">
      <div className="container">
        <h2 id="risk-map-explorer-heading" className="visually-hidden">
          {t`Pipe risk by neighborhood`}
        </h2>
        <div className="risk-map-explorer__grid">
          <div className="risk-map-explorer__map">
            <div className="risk-map">
              <div
                ref={canvas}
                className="risk-map__canvas"
                role="region"
                aria-label={t`Map of sewer pipe risk across the Phoenix Valley`}
                aria-describedby="risk-map-keys"
              />
              <div className="risk-map__status" role="status">
                {message && <p>{message}</p>}
              </div>
            </div>
            <p id="risk-map-keys" className="visually-hidden">
              {t`With the map focused, the arrow keys move it and the plus and minus keys zoom. The list of neighborhoods opens each one on the map.`}
            </p>
            <RiskMapLegend />
          </div>
          <div className="risk-map-explorer__side">
            <h3 id="risk-map-list-heading">{t`Neighborhoods on the map`}</h3>
            <ul className="risk-map-list" aria-labelledby="risk-map-list-heading">
              {places.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className="risk-map-list__button"
                    aria-current={open === p.id ? 'true' : undefined}
                    onClick={() => show(p)}
                  >
                    <RiskSwatch level={p.riskLevel} />{' '}
                    <span className="risk-map-list__name">{p.name}</span>{' '}
                    <span className="risk-map-list__meta">{words.meta(p)}</span>
                  </button>
                </li>
              ))}
            </ul>
            <p className="visually-hidden" aria-live="polite">
              {announcement}
            </p>
            <RiskMapOffers />
          </div>
        </div>
      </div>
    </section>
  );
}
