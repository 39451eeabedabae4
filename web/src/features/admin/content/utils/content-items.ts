// The Site Content list's logic: categories in the site's order, search over
// what staff remember an item by, and plain-text previews of HTML items.

export type ContentCategory = 'homepage' | 'services' | 'about' | 'contact' | 'general';

/** SPEC §3: the five categories, in the order the site's pages run. */
export const CONTENT_CATEGORIES: readonly { value: ContentCategory; label: string }[] = [
  { value: 'homepage', label: 'Homepage' },
  { value: 'services', label: 'Services' },
  { value: 'about', label: 'About' },
  { value: 'contact', label: 'Contact' },
  { value: 'general', label: 'General' },
];

export const CONTENT_TYPES = [
  { value: 'html', label: 'Formatted text (HTML)' },
  { value: 'text', label: 'Plain text' },
] as const;

export type ContentType = (typeof CONTENT_TYPES)[number]['value'];

/** What grouping and search need of an item. */
export type ContentLike = { contentKey: string; content: string; category: string; description: string };

export type ContentGroup<T> = { category: string; label: string; items: T[] };

export function categoryLabel(category: string): string {
  const known = CONTENT_CATEGORIES.find((c) => c.value === category);
  if (known) return known.label;
  return category ? category.charAt(0).toUpperCase() + category.slice(1) : 'General';
}

/**
 * Items by category: the five known ones in the site's order (only those
 * with items), then any other category alphabetically; an empty category
 * counts as general. Items sorted by key within a group.
 */
export function groupByCategory<T extends ContentLike>(items: readonly T[]): ContentGroup<T>[] {
  const byCategory = new Map<string, T[]>();
  for (const item of items) {
    const category = item.category || 'general';
    const list = byCategory.get(category);
    if (list) list.push(item);
    else byCategory.set(category, [item]);
  }
  const order = CONTENT_CATEGORIES.map((c) => c.value as string);
  const rank = (c: string) => (order.includes(c) ? order.indexOf(c) : order.length);
  return [...byCategory.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([category, list]) => ({
      category,
      label: categoryLabel(category),
      items: [...list].sort((x, y) => x.contentKey.localeCompare(y.contentKey)),
    }));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The words of an HTML fragment: tags dropped (block ends become spaces), entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/div|\/blockquote|\/tr|\/td|\/th)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
      if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
      return ENTITIES[lower] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Plain text as HTML: blank lines make paragraphs, single line breaks <br>, everything escaped. */
export function textToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((para) => para.trim())
    .filter((para) => para !== '')
    .map((para) => `<p>${para.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

/**
 * Whether an item matches what was typed: every word must appear (any case)
 * in its key, its description or its text (HTML read as words).
 */
export function matchesSearch(item: ContentLike, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [item.contentKey, item.description, plainText(item.content)].join('\n').toLowerCase();
  return words.every((w) => haystack.includes(w));
}
