// The service pages' tests read prerendered HTML by section.
import { attrOf, countTags, elements, visibleText } from '@/testing/html';

export type Section = { open: string; body: string; labelledBy: string; headingLevel: number; title: string };

/** The page's <section>s in order (they are never nested), each with the heading that labels it. */
export function sectionsOf(html: string): Section[] {
  return elements(html, 'section').map(({ open, inner: body }) => {
    const labelledBy = attrOf(open, 'aria-labelledby') ?? '';
    const level = [1, 2, 3, 4, 5, 6].find((l) => labelledBy && countTags(body, `h${l}`, { id: labelledBy }) > 0);
    const heading = level ? elements(body, `h${level}`, { id: labelledBy })[0] : undefined;
    return {
      open,
      body,
      labelledBy,
      headingLevel: level ?? 0,
      title: heading ? visibleText(heading.inner) : '',
    };
  });
}

export function sectionTitled(html: string, title: string): Section {
  const found = sectionsOf(html).find((s) => s.title === title);
  if (!found) throw new Error(`no section titled "${title}"`);
  return found;
}
