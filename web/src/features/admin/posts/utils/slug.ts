// Post slugs: the proto's rule (PostFields.slug) and a suggestion from the
// title, so staff rarely type one.

export const SLUG_MAX_LENGTH = 120;
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** The server's own message for a malformed slug (proto content.v1 PostFields.slug). */
export const SLUG_MESSAGE = 'Slug may use only lower-case letters, digits and hyphens (1-120 characters)';

export function isValidSlug(slug: string): boolean {
  return slug.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug);
}

/** The server's words for a slug in use (content service slugConflict), said before saving too. */
export function slugTakenMessage(slug: string): string {
  return `A post with the slug "${slug}" already exists. Choose another slug.`;
}

/**
 * A slug from a title: lower case, accents dropped (é → e), "&" read as
 * "and", apostrophes dropped (don't → dont), every other run of characters
 * that is not a letter or digit a single hyphen; at most 120 characters,
 * cut at a word boundary where there is one.
 */
export function suggestSlug(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (words.length <= SLUG_MAX_LENGTH) return words;
  const cut = words.slice(0, SLUG_MAX_LENGTH + 1);
  const boundary = cut.lastIndexOf('-');
  return (boundary > 0 ? cut.slice(0, boundary) : cut.slice(0, SLUG_MAX_LENGTH)).replace(/-+$/, '');
}
