import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString as renderRaw } from 'react-dom/server';
import { createQueryClient } from '@/lib/query-client';
import { describe, expect, it } from 'vitest';
import { ContactHero, EquipmentShowcase, NextSteps, TrustBadges } from '../index';

/** Editable texts read the editable-content query: render inside a query client. */
const renderToString = (el: ReactElement) => renderRaw(<QueryClientProvider client={createQueryClient()}>{el}</QueryClientProvider>);

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
