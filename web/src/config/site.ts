/** The site's public origin for canonical URLs and Open Graph tags (build-time VITE_PUBLIC_ORIGIN). */
export const SITE_ORIGIN: string = String(import.meta.env.VITE_PUBLIC_ORIGIN || 'http://127.0.0.1:8080').replace(/\/+$/, '');

/** Absolute URL of a site path. */
export function absoluteUrl(path: string): string {
  return SITE_ORIGIN + (path.startsWith('/') ? path : `/${path}`);
}
