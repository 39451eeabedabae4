import { describe, expect, it } from 'vitest';
import { copyToOffer, localCopyKey, readLocalCopy, removeLocalCopy, sameFormValues, writeLocalCopy, type LocalCopy } from './local-copy';
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
const copy: LocalCopy = { values: typed, savedAt: '2026-11-23T19:04:00Z', baseVersion: '3' };

describe('the browser’s copy of the post form', () => {
  it('is kept per post, or as "new", and read back', () => {
    const storage = memoryStorage();
    writeLocalCopy('post-1', copy, storage);
    writeLocalCopy(undefined, { ...copy, baseVersion: null }, storage);
    expect([...storage.data.keys()].sort()).toEqual([localCopyKey('post-1'), localCopyKey(undefined)].sort());
    expect(localCopyKey(undefined)).toMatch(/new$/);
    expect(readLocalCopy('post-1', storage)).toEqual(copy);
    expect(readLocalCopy(undefined, storage)).toEqual({ ...copy, baseVersion: null });
    expect(readLocalCopy('post-2', storage)).toBeNull();
  });

  it('is removed (after a save by hand or a delete)', () => {
    const storage = memoryStorage();
    writeLocalCopy('post-1', copy, storage);
    removeLocalCopy('post-1', storage);
    expect(readLocalCopy('post-1', storage)).toBeNull();
  });

  it('ignores what it did not write, and fields it does not know', () => {
    const storage = memoryStorage();
    storage.setItem(localCopyKey('a'), 'not json');
    storage.setItem(localCopyKey('b'), JSON.stringify({ values: { title: 1 }, savedAt: 'x' }));
    storage.setItem(localCopyKey('c'), JSON.stringify({ ...copy, values: { ...typed, extra: 'x' } }));
    expect(readLocalCopy('a', storage)).toBeNull();
    expect(readLocalCopy('b', storage)).toBeNull();
    expect(readLocalCopy('c', storage)?.values).toEqual(typed);
  });

  it('does without storage, or with one that refuses', () => {
    expect(readLocalCopy('x', null)).toBeNull();
    const refusing = { ...memoryStorage(), setItem: () => { throw new Error('QuotaExceededError'); } } as Storage;
    expect(() => writeLocalCopy('x', copy, refusing)).not.toThrow();
  });

  it('is offered back only when it differs from what the form shows', () => {
    expect(copyToOffer(copy, typed)).toBeNull();
    expect(copyToOffer(copy, EMPTY_POST_FORM)).toBe(copy);
    expect(copyToOffer(copy, { ...typed, isPublished: false })).toBe(copy);
    expect(copyToOffer(null, typed)).toBeNull();
    expect(sameFormValues(typed, { ...typed })).toBe(true);
    expect(sameFormValues(typed, { ...typed, content: '<p>They find every crack!</p>' })).toBe(false);
  });

  it('keeps the search-and-social fields, and still offers a copy typed before the form had them (issue 28)', () => {
    const storage = memoryStorage();
    const withSeo: LocalCopy = { ...copy, values: { ...typed, seoTitle: 'Roots, briefly', seoDescription: 'Why.', socialImageUrl: '/media/r.jpg' } };
    writeLocalCopy('post-1', withSeo, storage);
    expect(readLocalCopy('post-1', storage)).toEqual(withSeo);
    expect(sameFormValues(typed, { ...typed, seoTitle: 'Roots, briefly' })).toBe(false);

    const { seoTitle: _t, seoDescription: _d, socialImageUrl: _i, ...older } = typed;
    storage.setItem(localCopyKey('post-2'), JSON.stringify({ ...copy, values: older }));
    expect(readLocalCopy('post-2', storage)?.values).toEqual(typed);
    storage.setItem(localCopyKey('post-3'), JSON.stringify({ ...copy, values: { ...typed, seoTitle: 7 } }));
    expect(readLocalCopy('post-3', storage)).toBeNull();
  });
});
