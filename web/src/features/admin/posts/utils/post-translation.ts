// A post's other-language version as staff see it (issue 40): an English
// post's Spanish translation (any state), a Spanish post's English
// original, and which English posts a Spanish one may translate.
import type { PostTranslationJson } from '@/gen/trenchless/content/v1/content_pb';
import type { Emitted } from '@/lib/api-types';
import { postLanguageOf, type PostLanguage } from './post-form';
import { postStatus, type PostStatus } from './post-status';

/** Another language's version of a post, as the staff reads send it (every field there). */
export type PostTranslation = Emitted<PostTranslationJson>;

type Linked = { id: string; language?: string; translations?: readonly PostTranslationJson[] };

/** The post's version in `language`, if it has one (drafts too). */
export function versionIn(post: Linked, language: PostLanguage): PostTranslation | undefined {
  const t = post.translations?.find((v) => v.language === language && v.id);
  return (
    t && {
      language,
      id: t.id ?? '',
      slug: t.slug ?? '',
      title: t.title ?? '',
      isPublished: t.isPublished ?? false,
      publishedAt: t.publishedAt ?? '',
    }
  );
}

/** What the list and the editor say about a post's other language. */
export type TranslationNote =
  | { kind: 'translated'; id: string; title: string; status: PostStatus }
  | { kind: 'untranslated' }
  | { kind: 'translation-of'; id: string; title: string }
  | { kind: 'unlinked' };

export function translationNote(post: Linked, now: Date): TranslationNote {
  if (postLanguageOf(post) === 'en') {
    const es = versionIn(post, 'es');
    return es ? { kind: 'translated', id: es.id, title: es.title, status: postStatus(es, now) } : { kind: 'untranslated' };
  }
  const original = versionIn(post, 'en');
  return original ? { kind: 'translation-of', id: original.id, title: original.title } : { kind: 'unlinked' };
}

/**
 * Whether a Spanish post (`self`, none while it is new) may be linked to
 * `candidate`: an English post not translated into Spanish by another
 * post. The server checks the same (and says so) on save.
 */
export function canTranslate(candidate: Linked & { title: string }, self?: string): { ok: true } | { ok: false; reason: string } {
  if (postLanguageOf(candidate) !== 'en') return { ok: false, reason: 'Not an English post' };
  if (candidate.id === self) return { ok: false, reason: 'This post itself' };
  const es = versionIn(candidate, 'es');
  if (es && es.id !== self) return { ok: false, reason: `Already translated: “${es.title}”` };
  return { ok: true };
}

/** Where the editor opens a new Spanish draft translating the English post `id`. */
export function newTranslationPath(id: string): string {
  return `/admin/posts/new?translationOf=${encodeURIComponent(id)}`;
}

/** A post's address on the site: /blog/{slug}, or /es/blog/{slug} for a Spanish post. */
export function sitePath(post: { slug: string; language?: string }): string {
  return `${postLanguageOf(post) === 'es' ? '/es' : ''}/blog/${post.slug}`;
}
