import { useLayoutEffect } from 'react';

/** A <meta> (by name or property) or <link> (by rel) tag's attributes. */
type TagAttrs = Readonly<Record<string, string>>;

interface DocumentHeadProps {
  title?: string;
  meta?: readonly TagAttrs[];
  links?: readonly TagAttrs[];
}

const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/**
 * The selector of the one head element a tag replaces: meta by name or
 * property, link by rel (and hreflang: a page has one alternate per language).
 */
function selectorOf(tag: 'meta' | 'link', attrs: TagAttrs): string {
  const key = tag === 'link' ? 'rel' : attrs.name !== undefined ? 'name' : 'property';
  const lang = tag === 'link' && attrs.hreflang !== undefined ? `[hreflang=${quote(attrs.hreflang)}]` : '';
  return `${tag}[${key}=${quote(attrs[key] ?? '')}]${lang}`;
}

/**
 * A page's head tags (title, meta, canonical link). On the server they render
 * in place and the prerender step moves them into <head>; in the browser the
 * component renders nothing and keeps <head> in step instead: each tag
 * replaces the head element with the same name, property or rel, and the
 * ones it placed go when the page does (so a noindex never outlives its page).
 */
export function DocumentHead({ title, meta = [], links = [] }: DocumentHeadProps) {
  const signature = JSON.stringify([title, meta, links]);
  const isServer = typeof document === 'undefined';
  // Layout effects never run on the server; the hook is called in both for one hook order.
  useLayoutEffect(() => {
    if (title !== undefined) document.title = title;
    const placed: Element[] = [];
    const place = (tag: 'meta' | 'link', attrs: TagAttrs) => {
      let el = document.head.querySelector(selectorOf(tag, attrs));
      if (!el) {
        el = document.createElement(tag);
        document.head.append(el);
      }
      for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
      placed.push(el);
    };
    for (const attrs of meta) place('meta', attrs);
    for (const attrs of links) place('link', attrs);
    return () => placed.forEach((el) => el.remove());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the signature is the value
  }, [signature]);

  if (!isServer) return null;
  return (
    <>
      {title !== undefined && <title>{title}</title>}
      {meta.map((attrs) => (
        <meta key={selectorOf('meta', attrs)} {...attrs} />
      ))}
      {links.map((attrs) => (
        <link key={selectorOf('link', attrs)} {...attrs} />
      ))}
    </>
  );
}

/** The head of a page search engines must not index (staff pages, not-found states). */
export const NOINDEX: readonly TagAttrs[] = [{ name: 'robots', content: 'noindex' }];
