import { describe, expect, it } from 'vitest';
import { copyToOffer, dropCopy, readCopy, sameValues, writeCopy, type LocalCopy } from '@/components/staff/local-copy';
import { parsePostCopy, POST_COPY_FIELDS, postCopyKey } from './local-copy';
import { EMPTY_POST_FORM, type PostFormValues } from './post-form';

/** localStorage's interface over a Map (the tests run without a browser). */
function memoryStorage(): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

const typed: PostFormValues = {
  ...EMPTY_POST_FORM,
  title: 'Roots in the line',
  slug: 'roots-in-the-line',
  excerpt: 'What roots do.',
  content: '<p>They find every crack.</p>',
};
const copy: LocalCopy<PostFormValues> = { values: typed, savedAt: '2026-11-23T19:04:00Z', baseVersion: '3' };

const write = (id: string | undefined, c: LocalCopy<PostFormValues>, storage: Storage) => writeCopy(postCopyKey(id), c.values, c.baseVersion, storage, c.savedAt);
const read = (id: string | undefined, storage: Storage | null) => readCopy(postCopyKey(id), parsePostCopy, storage);

describe('the browser’s copy of the post form', () => {
  it('is kept per post, or as "new", and read back', () => {
    const storage = memoryStorage();
    write('post-1', copy, storage);
    write(undefined, { ...copy, baseVersion: null }, storage);
    expect([...storage.data.keys()].sort()).toEqual([postCopyKey('post-1'), postCopyKey(undefined)].sort());
    expect(postCopyKey(undefined)).toMatch(/new$/);
    expect(read('post-1', storage)).toEqual(copy);
    expect(read(undefined, storage)).toEqual({ ...copy, baseVersion: null });
    expect(read('post-2', storage)).toBeNull();
  });

  it('is removed (after a save by hand or a delete)', () => {
    const storage = memoryStorage();
    write('post-1', copy, storage);
    dropCopy(postCopyKey('post-1'), storage);
    expect(read('post-1', storage)).toBeNull();
  });

  it('ignores what it did not write, and fields it does not know', () => {
    const storage = memoryStorage();
    storage.setItem(postCopyKey('a'), 'not json');
    storage.setItem(postCopyKey('b'), JSON.stringify({ values: { title: 1 }, savedAt: 'x' }));
    storage.setItem(postCopyKey('c'), JSON.stringify({ ...copy, values: { ...typed, extra: 'x' } }));
    expect(read('a', storage)).toBeNull();
    expect(read('b', storage)).toBeNull();
    expect(read('c', storage)?.values).toEqual(typed);
  });

  it('does without storage, or with one that refuses', () => {
    expect(read('x', null)).toBeNull();
    const refusing = { ...memoryStorage(), setItem: () => { throw new Error('QuotaExceededError'); } } as Storage;
    expect(() => write('x', copy, refusing)).not.toThrow();
  });

  it('is offered back only when it differs from what the form shows', () => {
    expect(copyToOffer(copy, typed, POST_COPY_FIELDS)).toBeNull();
    expect(copyToOffer(copy, EMPTY_POST_FORM, POST_COPY_FIELDS)).toBe(copy);
    expect(copyToOffer(copy, { ...typed, isPublished: false }, POST_COPY_FIELDS)).toBe(copy);
    expect(copyToOffer(null, typed, POST_COPY_FIELDS)).toBeNull();
    expect(sameValues(typed, { ...typed }, POST_COPY_FIELDS)).toBe(true);
    expect(sameValues(typed, { ...typed, content: '<p>They find every crack!</p>' }, POST_COPY_FIELDS)).toBe(false);
  });

  it('keeps the search-and-social fields, and still offers a copy typed before the form had them (issue 28)', () => {
    const storage = memoryStorage();
    const withSeo: LocalCopy<PostFormValues> = { ...copy, values: { ...typed, seoTitle: 'Roots, briefly', seoDescription: 'Why.', socialImageUrl: '/media/r.jpg' } };
    write('post-1', withSeo, storage);
    expect(read('post-1', storage)).toEqual(withSeo);
    expect(sameValues(typed, { ...typed, seoTitle: 'Roots, briefly' }, POST_COPY_FIELDS)).toBe(false);

    const { seoTitle: _t, seoDescription: _d, socialImageUrl: _i, ...older } = typed;
    storage.setItem(postCopyKey('post-2'), JSON.stringify({ ...copy, values: older }));
    expect(read('post-2', storage)?.values).toEqual(typed);
    storage.setItem(postCopyKey('post-3'), JSON.stringify({ ...copy, values: { ...typed, seoTitle: 7 } }));
    expect(read('post-3', storage)).toBeNull();
  });
});

describe('the copy’s language fields (issue 40)', () => {
  it('keeps a Spanish post’s language and link', () => {
    const storage = memoryStorage();
    const spanish: PostFormValues = { ...typed, language: 'es', translationOf: '6f1c2d3e-4b5a-4c6d-8e7f-001122334455' };
    write('post-2', { ...copy, values: spanish }, storage);
    expect(read('post-2', storage)?.values).toEqual(spanish);
  });

  it('reads a copy typed before posts had a language as an English post without a link', () => {
    const { language: _l, translationOf: _t, ...older } = typed;
    expect(parsePostCopy(older)).toEqual({ ...typed, language: 'en', translationOf: '' });
    expect(parsePostCopy({ ...typed, language: 'fr' })).toBeNull();
  });
});
