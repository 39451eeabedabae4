import { expect } from 'vitest';

/** How React writes text into HTML. */
export const escapeLikeReact = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll("'", '&#x27;').replaceAll('"', '&quot;');

/** Text of the HTML without tags or React's text separators. */
export const textOf = (html: string) => html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** A page's headings: one h1, first, and no level skipped on the way down. */
export function expectHeadingOutline(html: string) {
  expect(html.match(/<h1\b/g)).toHaveLength(1);
  const levels = [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
  expect(levels[0]).toBe(1);
  levels.forEach((level, i) => {
    if (i > 0) expect(level, `heading ${i}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
  });
}

/** The page's <section> tags, each checked to be labelled by a heading of its own (h1–h3). */
export function labelledSections(html: string): string[] {
  const sections = [...html.matchAll(/<section\b[^>]*>/g)].map((m) => m[0]);
  for (const tag of sections) {
    const id = /aria-labelledby="([^"]+)"/.exec(tag)?.[1];
    expect(id, tag).toBeDefined();
    expect(html, tag).toMatch(new RegExp(`<h[1-3] id="${id}"`));
  }
  return sections;
}
