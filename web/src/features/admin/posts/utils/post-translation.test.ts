import { describe, expect, it } from 'vitest';
import { canTranslate, newTranslationPath, sitePath, translationNote, versionIn } from './post-translation';

const now = new Date('2026-11-28T12:00:00Z');
const es = { id: 'es-1', language: 'es', slug: 'raices', title: 'Raíces', isPublished: false, publishedAt: '2026-11-20T16:00:00Z' };
const en = { id: 'en-1', language: 'en', slug: 'roots', title: 'Roots', isPublished: true, publishedAt: '2026-05-04T16:00:00Z' };

describe('a post’s other language (issue 40)', () => {
  it('says an English post’s translation and its state, or that it has none', () => {
    expect(translationNote({ id: 'en-1', language: 'en', translations: [es] }, now)).toEqual({ kind: 'translated', id: 'es-1', title: 'Raíces', status: 'draft' });
    expect(translationNote({ id: 'en-1', language: 'en', translations: [{ ...es, isPublished: true }] }, now)).toMatchObject({ status: 'published' });
    expect(translationNote({ id: 'en-1', language: 'en', translations: [] }, now)).toEqual({ kind: 'untranslated' });
  });

  it('says which English post a Spanish one translates, or that it is linked to none', () => {
    expect(translationNote({ id: 'es-1', language: 'es', translations: [en] }, now)).toEqual({ kind: 'translation-of', id: 'en-1', title: 'Roots' });
    expect(translationNote({ id: 'es-1', language: 'es', translations: [] }, now)).toEqual({ kind: 'unlinked' });
    expect(versionIn({ id: 'es-1', language: 'es', translations: [en] }, 'es')).toBeUndefined();
  });

  it('lets a Spanish post translate an English post no other post translates', () => {
    expect(canTranslate({ id: 'en-1', title: 'Roots', language: 'en', translations: [] })).toEqual({ ok: true });
    // Its own translation may be chosen again.
    expect(canTranslate({ id: 'en-1', title: 'Roots', language: 'en', translations: [es] }, 'es-1')).toEqual({ ok: true });
    expect(canTranslate({ id: 'en-1', title: 'Roots', language: 'en', translations: [es] }, 'es-2')).toEqual({ ok: false, reason: 'Already translated: “Raíces”' });
    expect(canTranslate({ id: 'es-3', title: 'Otra', language: 'es', translations: [] })).toEqual({ ok: false, reason: 'Not an English post' });
    expect(canTranslate({ id: 'x', title: 'Self', language: 'en', translations: [] }, 'x')).toEqual({ ok: false, reason: 'This post itself' });
  });

  it('writes the addresses', () => {
    expect(sitePath({ slug: 'roots', language: 'en' })).toBe('/blog/roots');
    expect(sitePath({ slug: 'raices', language: 'es' })).toBe('/es/blog/raices');
    expect(newTranslationPath('en-1')).toBe('/admin/posts/new?translationOf=en-1');
  });
});
