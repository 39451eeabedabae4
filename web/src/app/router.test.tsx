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
    expect(html).toMatch(/<h1 id="home-heading">Valley Trenchless Pros<\/h1>/);
    expect(html).toContain('<nav aria-label="Main">');
    expect(html).toContain('<main id="main"');
    expect(html).toContain('href="tel:+16025550142"');
    expect(html).toContain('Latest articles');
  });

  it('renders the not-found screen for any unknown path', () => {
    const html = renderPath('/no/such/page');
    expect(html).toContain('<h1 id="not-found-heading">404 - Page Not Found</h1>');
    expect(html).toContain('The page you&#x27;re looking for doesn&#x27;t exist or may have been moved.');
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Go Home<\/a>/);
    expect(html).not.toContain('home-heading');
  });
});
