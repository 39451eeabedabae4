// Helpers for asserting on server-rendered HTML without depending on one
// serialiser's spelling: attribute order, bare versus `=""` boolean
// attributes and which characters of text are written as entities are not
// the page's contract; elements, attribute values and visible text are.
import { expect } from 'vitest';

/** Escapes a string for use inside a RegExp. */
export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One attribute in an opening tag: a name, then an optional double-quoted value (values may hold `>`). */
const ATTR = `\\s+[^\\s"'>/=]+(?:="[^"]*")?`;

/** What may follow an attribute name when it ends there. */
const END = '(?=[\\s/>])';

/**
 * A RegExp for an opening tag with these attributes, in any order and among
 * others (the serialiser's attribute order is not the page's contract).
 * Values are as written in the HTML (e.g. `&amp;` for `&`); `true` means
 * present with any value; '' also matches the bare attribute. Attribute and
 * tag names match in any case (`srcset` matches `srcSet`).
 */
export function openTag(name: string, attrs: Readonly<Record<string, string | true>> = {}, flags = 'i'): RegExp {
  const looks = Object.entries(attrs)
    .map(([k, v]) => {
      const value = v === true ? `(?:="[^"]*")?${END}` : v === '' ? `(?:="")?${END}` : `="${escapeRe(v)}"`;
      return `(?=(?:${ATTR})*?\\s+${escapeRe(k)}${value})`;
    })
    .join('');
  return new RegExp(`<${escapeRe(name)}${END}${looks}(?:${ATTR})*\\s*/?>`, flags.includes('i') ? flags : `${flags}i`);
}

/** How many opening tags `<name …>` have these attributes (see openTag). */
export function countTags(html: string, name: string, attrs: Readonly<Record<string, string | true>> = {}): number {
  return (html.match(openTag(name, attrs, 'gi')) ?? []).length;
}

/** Elements that never have content or a closing tag. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

export type HtmlElement = {
  /** The opening tag, e.g. `<a href="/x" class="y">`. */
  open: string;
  /** The HTML between the opening and the closing tag. */
  inner: string;
  /** The whole element, opening to closing tag. */
  outer: string;
};

/**
 * The elements `<name …>` having these attributes (see openTag), in document
 * order, each up to its own closing tag (same-name elements nested inside
 * are skipped over). An element nested in another match is listed too.
 */
export function elements(html: string, name: string, attrs: Readonly<Record<string, string | true>> = {}): HtmlElement[] {
  const found: HtmlElement[] = [];
  const tag = new RegExp(`<(/?)${escapeRe(name)}${END}(?:${ATTR})*\\s*(/?)>`, 'gi');
  for (const m of html.matchAll(openTag(name, attrs, 'gi'))) {
    const start = m.index;
    const open = m[0];
    const afterOpen = start + open.length;
    if (VOID.has(name.toLowerCase()) || open.endsWith('/>')) {
      found.push({ open, inner: '', outer: open });
      continue;
    }
    tag.lastIndex = afterOpen;
    let depth = 1;
    let t: RegExpExecArray | null;
    while (depth > 0 && (t = tag.exec(html))) {
      if (t[1]) depth -= 1;
      else if (!t[2]) depth += 1;
    }
    if (depth > 0) throw new Error(`no closing tag for ${open}`);
    const end = tag.lastIndex;
    found.push({ open, inner: html.slice(afterOpen, end - `</${name}>`.length), outer: html.slice(start, end) });
  }
  return found;
}

/** The inner HTML of each element `<name …>` having these attributes. */
export function innerHtmls(html: string, name: string, attrs: Readonly<Record<string, string | true>> = {}): string[] {
  return elements(html, name, attrs).map((e) => e.inner);
}

/** The visible text (see visibleText) of each element `<name …>` having these attributes. */
export function texts(html: string, name: string, attrs: Readonly<Record<string, string | true>> = {}): string[] {
  return elements(html, name, attrs).map((e) => visibleText(e.inner));
}

/** Decodes the character references a serialiser writes (named basics, decimal and hex). */
export function decodeEntities(s: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
  return s.replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi, (whole, dec?: string, hex?: string, name?: string) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return named[name!.toLowerCase()] ?? whole;
  });
}

/** What a reader sees: comments and tags dropped, entities decoded, white space collapsed. */
export function visibleText(html: string): string {
  return decodeEntities(html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The text of HTML that must be text only: decoded when it holds no tag (so
 * any `<` in the text was escaped), undefined when it holds markup.
 */
export function textOnly(html: string): string | undefined {
  return html.includes('<') ? undefined : decodeEntities(html);
}

/**
 * The value of attribute `name` in an opening tag, decoded (`&amp;` → `&`):
 * '' for a bare attribute, undefined when absent. The name matches in any case.
 */
export function attrOf(tag: string, name: string): string | undefined {
  const m = new RegExp(`^<[^\\s/>]+(?:${ATTR})*?\\s+${escapeRe(name)}(?:="([^"]*)")?${END}`, 'i').exec(tag);
  return m ? decodeEntities(m[1] ?? '') : undefined;
}

/** A page's headings: one h1, first, and no level skipped on the way down. */
export function expectHeadingOutline(html: string): void {
  const levels = [...html.matchAll(/<h([1-6])(?=[\s>])/gi)].map((m) => Number(m[1]));
  expect(levels.filter((l) => l === 1)).toHaveLength(1);
  expect(levels[0]).toBe(1);
  levels.forEach((level, i) => {
    if (i > 0) expect(level, `heading ${i}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
  });
}

/** The page's opening <section> tags, each checked to be labelled (aria-labelledby) by a heading h1–h3 of its own. */
export function labelledSections(html: string): string[] {
  const sections = elements(html, 'section').map((e) => e.open);
  for (const tag of sections) {
    const id = attrOf(tag, 'aria-labelledby');
    expect(id, tag).toBeDefined();
    expect(['h1', 'h2', 'h3'].some((h) => countTags(html, h, { id: id! }) > 0), tag).toBe(true);
  }
  return sections;
}
