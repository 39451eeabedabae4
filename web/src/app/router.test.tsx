import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { routes } from './router';

function renderPath(path: string): string {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return renderToString(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('routes', () => {
  it('renders the home page inside the site frame', () => {
    const html = renderPath('/');
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    expect(html).toContain('id="home-hero-title"');
    expect(html).toContain('<nav aria-label="Main"');
    expect(html).toContain('<main id="main"');
    expect(html).toContain('href="tel:+16025550142"');
    expect(html).toContain('id="blog-preview-heading"');
    expect(html).toContain('<section id="about"');
    expect(html).toContain('id="contact"');
    expect(html).toContain('"@type":["LocalBusiness","Plumber"]');
  });

  it('orders the home page: sections 1–9, blog preview, About, contact', () => {
    const html = renderPath('/');
    const at = (s: string) => html.indexOf(s);
    expect(at('home-videos-title')).toBeLessThan(at('blog-preview-heading'));
    expect(at('blog-preview-heading')).toBeLessThan(at('id="about"'));
    expect(at('id="about"')).toBeLessThan(at('id="contact"'));
  });

  it('renders the not-found screen for any unknown path', () => {
    const html = renderPath('/no/such/page');
    expect(html).toContain('<h1 id="not-found-heading">404 - Page Not Found</h1>');
    expect(html).toContain('The page you&#x27;re looking for doesn&#x27;t exist or may have been moved.');
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Go Home<\/a>/);
    expect(html).not.toContain('home-hero-title');
  });
});
