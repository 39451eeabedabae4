// The risk map (SPEC §2 "Risk map", §9): the prerendered page, the map drawn
// with Leaflet after hydration (markers, heat layer, popups), the list of
// places as the keyboard way through it, the offers card, the street map as
// a gateway setting, and the page without the street map. No tile ever
// comes from the internet: each test answers the tile requests itself.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riskMapNeighborhoods, type RiskMapNeighborhood } from '../src/content/risk-map';
import { RISK_LABELS, RISK_LEVELS, RISK_MAP_COLORS } from '../src/content/risk';
import { BASE_URL, launch, openPage, routeMapTiles } from './browser';
import { axeViolations } from './staff';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The gateway's default street map (scripts/web-e2e.sh leaves GATEWAY_MAP_TILE_URL unset). */
const TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** How React writes text into HTML. */
const esc = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll("'", '&#x27;').replaceAll('"', '&quot;');

/** The tile (zoom/x/y) that holds a place, as the slippy-map tiling numbers them. */
function tileOf(p: RiskMapNeighborhood, zoom: number): string {
  const n = 2 ** zoom;
  const lat = (p.lat * Math.PI) / 180;
  const x = Math.floor(((p.lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n);
  return `${zoom}/${x}/${y}`;
}

function place(name: string): RiskMapNeighborhood {
  const p = riskMapNeighborhoods.find((n) => n.name === name);
  if (!p) throw new Error(`no place ${name} on the map`);
  return p;
}

/** Console errors other than the failed tile loads a test caused on purpose. */
const unexpected = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));

/** Waits until the map has drawn its markers. */
async function mapDrawn(page: Page) {
  await page.locator('path.risk-map-marker').nth(riskMapNeighborhoods.length - 1).waitFor({ state: 'attached' });
}

/** A visitor on /risk-map, the map drawn, its tile requests answered as `tiles` says. */
async function mapPage(tiles: 'load' | 'fail') {
  const { page, context, errors } = await openPage(browser);
  const requested = await routeMapTiles(context, tiles);
  await page.goto('/risk-map');
  await mapDrawn(page);
  return { page, context, errors, tiles: requested };
}

function listButton(page: Page, name: string) {
  return page.getByRole('list', { name: 'Neighborhoods on the map' }).getByRole('button', { name: new RegExp(`^${name} `) });
}

describe('/risk-map', () => {
  it('is prerendered with the 21 places, the legend, the offers card and the article; the map settings ride along', async () => {
    const { context } = await openPage(browser);
    const resp = await context.request.get('/risk-map');
    expect(resp.status()).toBe(200);
    const html = await resp.text();
    expect(html).toMatch(/<title>Phoenix Valley Sewer Pipe Risk Map \| [^<]+<\/title>/);
    expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/risk-map"/);
    expect(html.match(/<button type="button" class="risk-map-list__button"/g)).toHaveLength(21);
    for (const p of riskMapNeighborhoods) expect(html, p.name).toContain(`<span class="risk-map-list__name">${esc(p.name)}</span>`);
    expect(html).toContain('<h2 id="risk-map-article-heading">Why a neighborhood’s age predicts its sewer line</h2>');
    expect(html).toContain('Orangeburg is wood fiber pressed with coal-tar pitch.');
    expect(html).toContain('<h3 id="risk-map-legend-heading">Risk levels</h3>');
    expect(html).toContain('Get Free Quote');
    // The street map is the gateway's setting, handed to the page as data.
    expect(html).toContain(
      `<script type="application/json" id="map-tiles">{"url":"${TILE_URL}","attribution":"© OpenStreetMap contributors"}</script>`,
    );
    // Its host, and only that, may serve images besides the site itself.
    expect(resp.headers()['content-security-policy']).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org;");

    const sitemap = await (await context.request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${BASE_URL}/risk-map</loc>`);
    await context.close();
  });

  it('draws the street map, the heat layer and 21 markers coloured by rating, with no console error', async () => {
    const { page, context, errors, tiles } = await mapPage('load');
    await expect(page.locator('path.risk-map-marker').count()).resolves.toBe(21);
    for (const level of RISK_LEVELS) {
      const markers = page.locator(`path.risk-map-marker--${level}`);
      const fills = await markers.evaluateAll((els) => els.map((e) => e.getAttribute('fill')));
      expect(fills.length, level).toBe(riskMapNeighborhoods.filter((p) => p.riskLevel === level).length);
      expect(new Set(fills), level).toEqual(new Set([RISK_MAP_COLORS[level]]));
    }
    // A bigger marker for a stronger glow: radius 8 + intensity × 5 (SVG arcs, in whole pixels). Leaflet
    // draws only the markers in view, and Desert Ridge and Ocotillo lie outside the first view: zoom out.
    await page.getByRole('button', { name: 'Zoom out' }).click();
    const byNumber = (a: number, b: number) => a - b;
    const radii = async () =>
      (
        await page.locator('path.risk-map-marker').evaluateAll((els) =>
          els.map((e) => Number(/a(\d+),/.exec(e.getAttribute('d') ?? '')?.[1])),
        )
      ).sort(byNumber);
    await expect.poll(radii).toEqual(riskMapNeighborhoods.map((p) => Math.round(8 + p.intensity * 5)).sort(byNumber));

    // The heat layer is a canvas with colour on it.
    const heat = page.locator('canvas.leaflet-heatmap-layer');
    await expect(heat.count()).resolves.toBe(1);
    await page.waitForFunction(() => {
      const c = document.querySelector<HTMLCanvasElement>('canvas.leaflet-heatmap-layer');
      const data = c?.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
      return !!data && data.some((v, i) => i % 4 === 3 && v > 0);
    });

    // Downtown Phoenix at zoom 11, from the configured tile server.
    await page.waitForFunction(() => document.querySelectorAll('img.leaflet-tile-loaded').length > 0);
    expect(tiles().length).toBeGreaterThan(0);
    expect(tiles()).toContain(TILE_URL.replace('{z}/{x}/{y}', tileOf({ lat: 33.4484, lng: -112.074 } as RiskMapNeighborhood, 11)));
    await expect(page.locator('.leaflet-control-attribution').innerText()).resolves.toContain('© OpenStreetMap contributors');
    await expect(page.getByRole('status').filter({ hasText: /\S/ }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fills a high-density screen with tiles one zoom level deeper, at half the size', async () => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2.625, baseURL: BASE_URL });
    const tiles = await routeMapTiles(context, 'load');
    const page = await context.newPage();
    await page.goto('/risk-map');
    await mapDrawn(page);
    await page.waitForFunction(() => document.querySelectorAll('img.leaflet-tile-loaded').length > 0);
    // The first view is zoom 11: its tiles come from zoom 12, each drawn 128 CSS pixels wide (256 device pixels and more).
    const centre = tileOf({ lat: 33.4484, lng: -112.074 } as RiskMapNeighborhood, 12);
    expect(tiles()).toContain(TILE_URL.replace('{z}/{x}/{y}', centre));
    expect(tiles().every((t) => t.includes('/12/'))).toBe(true);
    const widths = await page.locator('img.leaflet-tile-loaded').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width));
    expect(new Set(widths)).toEqual(new Set([128]));
    await context.close();
  });

  it('zooms to 14 on a place picked from the list, opens its popup and reads it out', async () => {
    const { page, context, errors, tiles } = await mapPage('load');
    const mapleAsh = place('Maple-Ash');
    const button = listButton(page, 'Maple-Ash');
    await expect(button.innerText()).resolves.toMatch(/Maple-Ash\s+Tempe, Critical risk/);
    await button.click();

    const popup = page.locator('.leaflet-popup-content');
    await popup.waitFor();
    const text = (await popup.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('Maple-Ash');
    expect(text).toContain('Critical risk');
    expect(text).toContain(`Built ${mapleAsh.era}`);
    expect(text).toContain(`Pipes ${mapleAsh.pipes}`);
    expect(text).toContain(mapleAsh.details);
    // Zoom 14, centred on the place: the tile under it at zoom 14 was fetched.
    await page.waitForFunction((tile) => document.querySelector(`img.leaflet-tile[src$="/${tile}.png"]`), tileOf(mapleAsh, 14));
    expect(tiles()).toContain(TILE_URL.replace('{z}/{x}/{y}', tileOf(mapleAsh, 14)));
    await expect(button.getAttribute('aria-current')).resolves.toBe('true');
    await expect(page.locator('[aria-live="polite"]').innerText()).resolves.toBe(
      `Maple-Ash, Tempe: Critical risk. Built ${mapleAsh.era}; ${mapleAsh.pipes.toLowerCase()} pipe. ${mapleAsh.details}`,
    );

    // Another pick moves the map and swaps the popup.
    const catlin = place('Catlin Court');
    await listButton(page, 'Catlin Court').click();
    await page.locator('.leaflet-popup-content', { hasText: 'Catlin Court' }).waitFor();
    // Maple-Ash's popup fades out (200 ms) and is gone.
    await expect.poll(() => page.locator('.leaflet-popup').count()).toBe(1);
    await page.waitForFunction((tile) => document.querySelector(`img.leaflet-tile[src$="/${tile}.png"]`), tileOf(catlin, 14));
    await expect(button.getAttribute('aria-current')).resolves.toBeNull();

    // Closed, and opened again from its marker.
    await page.getByRole('button', { name: 'Close popup' }).click();
    await expect.poll(() => page.locator('.leaflet-popup').count()).toBe(0);
    const centre = await page.locator('.risk-map__canvas').boundingBox();
    const marker = await page.locator('path.risk-map-marker').evaluateAll(
      (els, c) => {
        const boxes = els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 }));
        return boxes.sort((a, b) => Math.hypot(a.x - c.x, a.y - c.y) - Math.hypot(b.x - c.x, b.y - c.y))[0];
      },
      { x: centre!.x + centre!.width / 2, y: centre!.y + centre!.height / 2 },
    );
    await page.mouse.click(marker!.x, marker!.y);
    await page.locator('.leaflet-popup-content', { hasText: 'Catlin Court' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works by keyboard: the list buttons open places, and Tab leaves the map', async () => {
    const { page, context, errors } = await mapPage('load');
    const first = riskMapNeighborhoods[0]!;
    await listButton(page, first.name).focus();
    await page.keyboard.press('Enter');
    await page.locator('.leaflet-popup-content', { hasText: first.name }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const second = riskMapNeighborhoods[1]!;
    await page.locator('.leaflet-popup-content', { hasText: second.name }).waitFor();

    // The map takes focus (arrow keys pan it) and lets it go again.
    const canvas = page.getByRole('region', { name: 'Map of sewer pipe risk across the Phoenix Valley' });
    await canvas.focus();
    await expect(canvas.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    const outside = async () => page.evaluate(() => !document.querySelector('.risk-map__canvas')!.contains(document.activeElement));
    let left = false;
    for (let i = 0; i < 8 && !left; i++) {
      await page.keyboard.press('Tab');
      left = await outside();
    }
    expect(left, 'Tab moves on past the map').toBe(true);
    await canvas.focus();
    await page.keyboard.press('Shift+Tab');
    await expect(outside()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says the street map is unavailable when tiles cannot load, and everything else still works', async () => {
    const { page, context, errors, tiles } = await mapPage('fail');
    const status = page.getByRole('status').filter({ hasText: 'street map is unavailable' });
    await status.waitFor();
    await expect(status.innerText()).resolves.toBe(
      'The street map is unavailable right now. The neighborhood markers, the heat layer and the list still work.',
    );
    expect(tiles().length).toBeGreaterThan(0);
    await expect(page.locator('path.risk-map-marker').count()).resolves.toBe(21);
    await expect(page.locator('canvas.leaflet-heatmap-layer').count()).resolves.toBe(1);
    await listButton(page, 'Willo Historic District').click();
    await page.locator('.leaflet-popup-content', { hasText: 'Willo Historic District' }).waitFor();
    await expect(page.locator('.leaflet-popup-content').innerText()).resolves.toContain(`${RISK_LABELS.critical} risk`);
    await expect(status.isVisible()).resolves.toBe(true);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('has the legend, and the offers card with the phone, the e-mail and Get Free Quote to /contact', async () => {
    const { page, context, errors } = await mapPage('load');
    const legend = page.getByRole('list', { name: 'Risk levels' });
    await expect(legend.getByRole('listitem').allInnerTexts()).resolves.toEqual(
      ['Critical', 'High', 'Moderate', 'Low'].map((label) => expect.stringMatching(new RegExp(`^${label}\\. `))),
    );
    const swatches = await legend.locator('.risk-map-swatch').evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    expect(swatches).toEqual([...RISK_LEVELS].reverse().map((l) => rgb(RISK_MAP_COLORS[l])));

    const offers = page.locator('.risk-map-offers');
    await expect(offers.getByRole('heading', { name: 'Special offers' }).count()).resolves.toBe(1);
    await expect(offers.getByRole('link', { name: /^Call \(/ }).getAttribute('href')).resolves.toMatch(/^tel:\+1\d{10}$/);
    const mail = offers.getByRole('link', { name: /@/ });
    await expect(mail.getAttribute('href')).resolves.toBe(`mailto:${await mail.innerText()}`);
    await offers.getByRole('link', { name: 'Get Free Quote' }).click();
    await page.waitForURL(`${BASE_URL}/contact`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no WCAG 2.2 AA violations, with the map drawn and a popup open, and with the street map down', async () => {
    for (const mode of ['load', 'fail'] as const) {
      const { page, context } = await mapPage(mode);
      await listButton(page, 'Coronado').click();
      await page.locator('.leaflet-popup-content', { hasText: 'Coronado' }).waitFor();
      if (mode === 'fail') await page.getByRole('status').filter({ hasText: 'street map is unavailable' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page), mode).toEqual([]);
      await context.close();
    }
  });

  it('loads Leaflet on this page only, also when reached from another page without reloading', async () => {
    const { page, context, errors } = await openPage(browser);
    const tiles = await routeMapTiles(context, 'load');
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    for (const path of ['/', '/resources', '/tempe', '/contact']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(scripts.filter((s) => s.includes('draw-map')), path).toEqual([]);
      await expect(page.locator('.leaflet-container').count(), path).resolves.toBe(0);
    }
    // From /resources by its link: the street map setting came with that page.
    await page.goto('/resources');
    await page.getByRole('link', { name: 'Explore the Pipe Risk Map' }).click();
    await page.waitForURL(`${BASE_URL}/risk-map`);
    await mapDrawn(page);
    await page.waitForFunction(() => document.querySelectorAll('img.leaflet-tile-loaded').length > 0);
    expect(tiles().length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.includes('draw-map'))).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
