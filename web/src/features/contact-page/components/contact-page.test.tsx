import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString as renderRaw } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import { render as renderPage } from '@/app/entry-server';
import { business } from '@/config/business';
import { activateLocale, i18n } from '@/i18n/catalog';
import { createQueryClient } from '@/lib/query-client';
import { attrOf, elements, visibleText } from '@/testing/html';
import { ContactHero, EquipmentShowcase, NextSteps, TrustBadges } from '../index';

/** Editable texts read the editable-content query, and the sections speak the page's language. */
const renderToString = (el: ReactElement) =>
  renderRaw(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>{el}</MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );

describe('contact page sections', () => {
  it('has one h1 in the hero and a link to the form', () => {
    const html = renderToString(<ContactHero />);
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toContain('Schedule Your Free Drain Inspection');
    expect(html).toContain('href="#contact"');
    expect(html).toContain('href="tel:');
  });

  it('draws the equipment inline, each drawing titled, with no network images', () => {
    const html = renderToString(<EquipmentShowcase />);
    const svgs = html.match(/<svg[^>]*>/g) ?? [];
    expect(svgs).toHaveLength(3);
    for (const svg of svgs) {
      expect(svg).toContain('role="img"');
      const ids = /aria-labelledby="([^"]+)"/.exec(svg)?.[1]?.split(' ') ?? [];
      expect(ids).toHaveLength(2);
      for (const id of ids) expect(html).toContain(`id="${id}"`);
    }
    for (const title of ['Sewer camera inspection', 'CIPP pipe lining with blue-light curing', 'Trenchless pipe bursting']) {
      expect(html).toMatch(new RegExp(`<title id="[^"]+">${title}</title>`));
    }
    expect(html).not.toMatch(/<img|https?:\/\//);
  });

  it('lists the three steps after submitting, in order', () => {
    const html = renderToString(<NextSteps />);
    expect(html).toContain('What happens after you submit');
    const titles = [...html.matchAll(/<h3 (?=[^>]*class="next-steps__title")(?=[^>]*data-ec="contact\.steps\.\d\.title")[^>]*>([^<]+)<\/h3>/g)].map((m) => m[1]);
    expect(titles).toEqual(['We call you back', 'Free inspection', 'Same-day estimate']);
    expect(html).toContain('<ol');
  });

  it('shows the trust badges', () => {
    const html = renderToString(<TrustBadges />);
    for (const claim of ['Licensed, bonded &amp; insured', 'Family owned', 'Same-day service', 'Lifetime warranty']) {
      expect(html).toContain(claim);
    }
  });
});

describe('/es/contact (issue 40)', () => {
  afterAll(() => activateLocale('en'));

  it('is the contact page in Spanish: its title and description, sections and form', async () => {
    const { html, locale, status } = await renderPage('/es/contact');
    expect([locale, status]).toEqual(['es', 200]);
    const documentTitle = elements(html, 'title').filter((t) => attrOf(t.open, 'id') === undefined);
    expect(documentTitle.map((t) => t.inner)).toEqual([`Programe una inspección gratis de su drenaje | ${business.companyName}`]);
    const description = elements(html, 'meta', { name: 'description' }).map((m) => attrOf(m.open, 'content'));
    expect(description).toEqual([
      'Pida una inspección con cámara gratis de su drenaje en el Valle de Phoenix. Le respondemos en 24 horas y le cotizamos el mismo día la reparación sin excavar.',
    ]);
    const text = visibleText(html);
    for (const words of [
      'Respuesta en menos de 24 horas',
      'Servicio el mismo día, los 7 días de la semana',
      'Servimos a todo el Valle de Phoenix',
      'Solicite su inspección',
      'El equipo que llevamos',
      'Cámaras de alcantarillado en HD',
      'Solicite su inspección gratis',
      `Solo necesitamos unos cuantos datos. ${business.companyName} le responde en un plazo de 24 horas.`,
      'Programe su inspección gratis',
      'Por qué los propietarios del Valle de Phoenix confían en nosotros',
      'Con licencia, fianza y seguro',
      'Incluida con cualquier cotización.',
    ]) {
      expect(text).toContain(words);
    }
    expect(html).toMatch(/<title id="[^"]+">Inspección del alcantarillado con cámara<\/title>/);
    // The form is there in full, on the #contact every "schedule" link goes to.
    expect(elements(html, 'section', { id: 'contact' })).toHaveLength(1);
    expect(html.match(/type="checkbox"/g)).toHaveLength(6);
    // None of the page's own English is left (the editable texts get staff's Spanish from the prerender).
    for (const english of ['Reply within 24 hours', 'The equipment we bring', 'Request your free inspection', 'Family owned', 'Describe your drain issue']) {
      expect(text).not.toContain(english);
    }
  });
});
