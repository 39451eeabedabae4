import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** The stack under test (scripts/web-e2e.sh). */
export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:18080';

/** Debian's Chromium with the flags that work in this sandbox. */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
}

let visitors = 0;
/** A client address of its own for each browser context (10.77.x.y). */
export function nextVisitorIp(): string {
  visitors += 1;
  return `10.77.${Math.floor(visitors / 250) % 250}.${(visitors % 250) + 1}`;
}

/** A fresh GET of a page as a new visitor would make it (no cookies, no cache). */
export async function fetchHtml(path: string): Promise<{ status: number; html: string }> {
  const res = await fetch(BASE_URL + path, { headers: { 'X-Forwarded-For': nextVisitorIp() } });
  return { status: res.status, html: await res.text() };
}

/** A page that records console errors and failed same-origin requests. */
export async function openPage(browser: Browser, viewport = { width: 1280, height: 900 }) {
  // Each context is its own visitor: the stack trusts X-Forwarded-For as an
  // ingress would (scripts/web-e2e.sh), so per-IP rate limits (login,
  // contact) count each test's requests on their own.
  const context: BrowserContext = await browser.newContext({
    viewport,
    baseURL: BASE_URL,
    extraHTTPHeaders: { 'X-Forwarded-For': nextVisitorIp() },
  });
  const page: Page = await context.newPage();
  // A prerendered page fetches its code only after its first paint (ADR 0018): a button pressed or a
  // client-side link followed before the page hydrated does what an unhydrated page does (nothing, a full
  // page load). goto waits until a prerendered page (it has the boot script's #page-code list) has hydrated,
  // unless the test names its own waitUntil (a test of what happens before hydration).
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil === undefined) {
      await page.waitForFunction(() => !document.getElementById('page-code') || document.documentElement.hasAttribute('data-hydrated'));
    }
    return response;
  };
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** Every request for a street-map tile (the gateway's default GATEWAY_MAP_TILE_URL). */
export const MAP_TILES = /^https:\/\/tile\.openstreetmap\.org\//;

/** A 1×1 grey PNG: what every tile is when a test lets the street map load. */
const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48vIBAAViAq4wekRbAAAAAElFTkSuQmCC', 'base64');

/**
 * Answers the context's map tile requests, which may never reach the
 * internet (there is none here): 'load' serves each a small PNG, 'fail'
 * aborts each as a network without the tile server would. Returns the
 * tile URLs requested so far.
 */
export async function routeMapTiles(context: BrowserContext, mode: 'load' | 'fail'): Promise<() => string[]> {
  const requested: string[] = [];
  await context.route(MAP_TILES, async (route) => {
    requested.push(route.request().url());
    if (mode === 'load') await route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG });
    else await route.abort('internetdisconnected');
  });
  return () => [...requested];
}

/**
 * Holds back the chunk named `chunk` (its file is /assets/<chunk>-<hash>.js)
 * until the returned function is called: a test of what a visitor can do
 * before that code has arrived. The home page's own chunk ('home') is what
 * its hydration waits for.
 */
export async function holdCode(page: Page, chunk: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
