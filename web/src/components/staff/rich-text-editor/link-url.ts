// What staff may type as a link target in the rich-text editor. The content
// service's sanitiser keeps http(s), mailto and tel links and relative ones
// (services/content/internal/content/sanitize.go); anything else would be
// silently dropped on save, so it is refused here with a message instead.

/** Why a typed link target was refused, written for the person typing it. */
export const LINK_URL_MESSAGE =
  'Enter a page of this site (/contact), a web address (https://…), an e-mail address or a phone link (tel:…).';

export type LinkUrlResult = { ok: true; href: string } | { ok: false; message: string };

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;
const HOST_LIKE = /^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}([/?#:]\S*)?$/i;

/**
 * Turns what was typed into a link target: site paths (/contact, #faq),
 * http(s), mailto and tel addresses as they are; a bare e-mail address
 * becomes mailto:, a bare host name (example.com/page) becomes https://.
 * Empty input, spaces inside, and other schemes (javascript:, data:) are
 * refused.
 */
export function normalizeLinkUrl(input: string): LinkUrlResult {
  const value = input.trim();
  if (value === '') return { ok: false, message: 'Enter the address the link goes to.' };
  if (/\s/.test(value)) return { ok: false, message: LINK_URL_MESSAGE };
  if (value.startsWith('//')) return { ok: false, message: LINK_URL_MESSAGE };
  if (value.startsWith('/') || value.startsWith('#') || value.startsWith('?')) return { ok: true, href: value };
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https') {
    return /^https?:\/\/[^/?#\s]+/i.test(value) ? { ok: true, href: value } : { ok: false, message: LINK_URL_MESSAGE };
  }
  if (scheme === 'mailto' || scheme === 'tel') {
    return value.length > scheme.length + 1 ? { ok: true, href: value } : { ok: false, message: LINK_URL_MESSAGE };
  }
  if (EMAIL.test(value)) return { ok: true, href: `mailto:${value}` };
  // "example.com:8080/x" reads as a scheme too, so host names are checked last.
  if (HOST_LIKE.test(value)) return { ok: true, href: `https://${value}` };
  return { ok: false, message: LINK_URL_MESSAGE };
}
