import staffCss from './staff.css?url';

/**
 * A staff-area stylesheet: the base one (sign-in and the admin frame), or a
 * tab's own when `href` is given (`import href from './posts.css?url'`).
 * Imported as URLs, not bundled into the site's one stylesheet (vite.config.ts
 * `cssCodeSplit: false`), so visitors never download them; React 19 hoists
 * the link into <head>, loads each once, and holds the first paint of a staff
 * page until it has loaded. (Unit tests get an empty URL: nothing renders.)
 */
export function StaffStylesheet({ href = staffCss }: { href?: string }) {
  if (!href) return null;
  return <link rel="stylesheet" href={href} precedence={href === staffCss ? 'staff-base' : 'staff'} />;
}
