import staffCss from './staff.css?url';

/**
 * A staff-area stylesheet: the base one (sign-in and the admin frame), or a
 * tab's own when `href` is given (`import href from './posts.css?url'`).
 * Imported as URLs, not bundled into the site's one stylesheet (vite.config.ts
 * `cssCodeSplit: false`), so visitors never download them. The link renders
 * in place: the browser loads each address once and does not paint what
 * follows a stylesheet link until it has loaded. (Unit tests get an empty URL:
 * nothing renders.)
 */
export function StaffStylesheet({ href = staffCss }: { href?: string }) {
  if (!href) return null;
  return <link rel="stylesheet" href={href} />;
}
