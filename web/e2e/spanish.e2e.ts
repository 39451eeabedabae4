// The Spanish edition (issue 40) as the edge serves it: every public route
// has its /es/ twin, prerendered and in Spanish, each pair naming the other
// with hreflang (and the sitemap too), the language switch keeps the
// visitor on the same page and is remembered for the home page, search
// engines are never redirected, and the Spanish pages pass WCAG 2.1 AA.
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, fetchHtml, launch, openPage, routeMapTiles } from './browser';
import { signInAsStaff } from './staff';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const CITIES = ['scottsdale', 'phoenix', 'tempe', 'mesa', 'chandler', 'gilbert', 'glendale', 'peoria'];
const SERVICES = ['cipp-lining', 'pipe-bursting', 'epoxy-coating', 'drain-inspections'];
/** Every public route in English (SPEC §2), /blog being /resources. */
const ROUTES = ['/', '/contact', ...SERVICES.map((s) => `/services/${s}`), '/resources', '/risk-map', '/privacy', '/terms', '/sitemap', ...CITIES.map((c) => `/${c}`)];
const twin = (route: string) => (route === '/' ? '/es/' : `/es${route}`);

/** The page's <html lang>, title, canonical and hreflang alternates. */
function head(html: string) {
  const attr = (re: RegExp) => re.exec(html)?.[1] ?? '';
  const alternates: Record<string, string> = {};
  for (const m of html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/?>/g)) alternates[m[1]!] = new URL(m[2]!).pathname;
  return {
    lang: attr(/<html lang="([^"]+)"/),
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)"/),
    canonical: new URL(attr(/<link rel="canonical" href="([^"]+)"/) || 'http://x/').pathname,
    alternates,
  };
}

describe('the Spanish edition', () => {
  it('serves every public route in Spanish at /es/, prerendered, with reciprocal hreflang and its own title and description', async () => {
    for (const route of ROUTES) {
      const [en, es] = await Promise.all([fetchHtml(route), fetchHtml(twin(route))]);
      expect(en.status, route).toBe(200);
      expect(es.status, twin(route)).toBe(200);
      const h = { en: head(en.html), es: head(es.html) };
      expect(h.en.lang, route).toBe('en');
      expect(h.es.lang, twin(route)).toBe('es');
      expect(h.es.canonical, twin(route)).toBe(twin(route));
      const pair = { en: route, es: twin(route), 'x-default': route };
      expect(h.en.alternates, route).toEqual(pair);
      expect(h.es.alternates, `${twin(route)} names the same pair`).toEqual(pair);
      expect(h.es.title, twin(route)).not.toBe(h.en.title);
      expect(h.es.description, twin(route)).not.toBe(h.en.description);
      // Prerendered: the words are in the HTML, not drawn by script.
      expect(es.html, twin(route)).toMatch(/<main id="main"[^>]*>[\s\S]*<h1[\s>]/);
    }
  });

  it('lists both editions in the sitemap, each page with its alternates', async () => {
    const xml = await (await fetch(`${BASE_URL}/sitemap.xml`)).text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    for (const route of ROUTES) {
      for (const loc of [route, twin(route)]) {
        const entry = new RegExp(`<url>\\s*<loc>[^<]*?${loc.replace(/\//g, '\\/')}</loc>([\\s\\S]*?)</url>`).exec(xml);
        expect(entry, loc).not.toBeNull();
        expect(entry![1], loc).toMatch(new RegExp(`hreflang="es" href="[^"]*${twin(route).replace(/\//g, '\\/')}"`));
        expect(entry![1], loc).toMatch(new RegExp(`hreflang="x-default" href="[^"]*${route === '/' ? '\\/' : route.replace(/\//g, '\\/')}"`));
      }
    }
  });

  it('answers an unknown Spanish address with the Spanish not-found page', async () => {
    const { status, html } = await fetchHtml('/es/no-existe');
    expect(status).toBe(404);
    expect(head(html).lang).toBe('es');
  });

  it('never sends a search engine elsewhere by Accept-Language', async () => {
    const res = await fetch(`${BASE_URL}/`, { headers: { 'Accept-Language': 'es-MX,es;q=0.9' }, redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(head(await res.text()).lang).toBe('en');
  });

  it('switches language on the same page, keeps it for the home page, and switches back', async () => {
    const { page, context, errors } = await openPage(browser);
    // The switch remembers the choice in its click handler: a switch followed before the page hydrated is not.
    await page.goto('/phoenix');
    await page.locator('header').getByRole('link', { name: 'Ver esta página en español' }).click();
    await page.waitForURL(/\/es\/phoenix$/);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('es');
    await expect(page.locator('h1').first().textContent()).resolves.not.toBe('Phoenix Drain Repair & Pipe Lining Specialists');
    // Remembered: the home page now opens in Spanish.
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/es/');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('es');
    // Links stay in Spanish.
    await expect(page.locator('header').getByRole('link', { name: /Cotización/ }).getAttribute('href')).resolves.toBe('/es/contact#contact');
    // And back.
    await page.locator('html[data-hydrated]').waitFor();
    await page.locator('header').getByRole('link', { name: 'View this page in English' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers the switch in the phone drawer too', async () => {
    const { page, context } = await openPage(browser, { width: 390, height: 844 });
    await page.goto('/es/contact');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'View this page in English' }).click();
    await page.waitForURL((u) => u.pathname === '/contact');
    await context.close();
  });

  it.each(['/es/', '/es/contact', '/es/phoenix', '/es/services/cipp-lining', '/es/resources', '/es/risk-map', '/es/privacy'])(
    'has no WCAG 2.1 AA violations on %s',
    async (path) => {
      const { page, context, errors } = await openPage(browser);
      await routeMapTiles(context, 'load');
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), path).toEqual([]);
      expect(errors, path).toEqual([]);
      await context.close();
    },
  );

  it('takes a lead in Spanish: Spanish labels and messages, the language recorded and shown to staff', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/es/phoenix');
    const form = page.locator('#contact form');
    // A Spanish validation message first.
    await form.getByRole('button', { name: 'Quiero mi evaluación gratis' }).click();
    await expect(form.locator('[role="alert"], .field-error').first().textContent()).resolves.toMatch(/[áéíóúñ¿¡]|obligatori|requerid|ingrese|escriba/i);
    const email = `rosa.${Date.now()}@example.com`;
    await form.getByLabel('Nombre').fill('Rosa');
    await form.getByLabel('Apellido').fill('Gómez');
    await form.getByLabel('Correo electrónico').fill(email);
    await form.getByLabel('Teléfono').fill('6025550177');
    await form.getByLabel('Ruidos de gorgoteo').check();
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
    await form.getByRole('button', { name: 'Quiero mi evaluación gratis' }).click();
    const body = (await posted).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ language: 'es', sourcePage: '/es/phoenix' });
    await page.getByText('¡Formulario enviado con éxito!').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();

    // Staff see the lead marked Spanish.
    const staff = await browser.newContext({ baseURL: BASE_URL });
    await signInAsStaff(staff);
    const res = await staff.request.get(`/api/contact-submissions?query=${encodeURIComponent(email)}`);
    expect(res.status()).toBe(200);
    const { submissions } = (await res.json()) as { submissions: { email: string; language?: string }[] };
    expect(submissions.find((l) => l.email === email)?.language).toBe('es');
    await staff.close();
  });
});

