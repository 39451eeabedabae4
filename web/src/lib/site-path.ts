// A path of this site, read from text someone else chose (a lead's source
// page, the page to return to after sign-in), the way a browser reads it.
// Browsers drop tabs and newlines inside a URL, take a backslash for a
// slash, and resolve %2e%2e as .., so "/\t/evil.example" is a link to
// another host and "/admin/%2e%2e/blog" leaves /admin. Comparing the text
// with patterns misses some of that; the URL API reads it as a browser
// does, so the value is resolved with it and only then checked.

/** Control and format characters (zero-width ones too) and whitespace. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}\s]/gu;

/** value without control characters, format characters or whitespace. */
export function stripInvisible(value: string): string {
  return value.replace(INVISIBLE, '');
}

/** The page's own origin; a fixed stand-in where there is no page (tests, prerender). */
export function siteOrigin(): string {
  return typeof location === 'undefined' ? 'http://site.invalid' : location.origin;
}

/**
 * value resolved against origin as a browser would resolve it, as a path
 * (with its query and fragment) on that origin; null when it is not a
 * path, leaves the origin, or would read as another host when written as
 * a path (a pathname of "//host", left by "/.//host"). Invisible
 * characters are removed first.
 */
export function sitePath(value: string, origin: string = siteOrigin()): string | null {
  const cleaned = stripInvisible(value);
  if (!cleaned.startsWith('/') && !cleaned.startsWith('\\')) return null;
  let url: URL;
  let base: URL;
  try {
    base = new URL(origin);
    url = new URL(cleaned, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin || !url.pathname.startsWith('/') || url.pathname.startsWith('//')) return null;
  return url.pathname + url.search + url.hash;
}
