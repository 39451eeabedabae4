// The Site Content tab's words: categories in the site's order, and
// plain-text previews of HTML items (search and order are the server's).

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

/** Loaded texts under one category's heading (content-list groupInOrder). */
export type ContentGroup<T> = { category: string; label: string; items: T[] };

export function categoryLabel(category: string): string {
  const known = CONTENT_CATEGORIES.find((c) => c.value === category);
  if (known) return known.label;
  return category ? category.charAt(0).toUpperCase() + category.slice(1) : 'General';
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
