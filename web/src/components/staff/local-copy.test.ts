import { describe, expect, it } from 'vitest';
import { copyKey, copyToOffer, dropCopy, fieldsParser, readCopy, sameValues, writeCopy, type LocalCopy } from './local-copy';

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

type Note = { text: string; kind: 'a' | 'b'; pinned: boolean; later: string };
const FIELDS: readonly (keyof Note)[] = ['text', 'kind', 'pinned', 'later'];
const parseNote = fieldsParser<Note>({ text: 'string', kind: ['a', 'b'], pinned: 'boolean', later: 'later' });
const note: Note = { text: 'Roots in the line', kind: 'b', pinned: true, later: 'x' };

describe('a staff form’s copy in the browser', () => {
  it('is namespaced per form and record, "new" for one not yet stored', () => {
    expect(copyKey('post-form', 'p1')).toBe('trenchless.post-form.p1');
    expect(copyKey('content-form', undefined)).toBe('trenchless.content-form.new');
  });

  it('is written with the time and its base version, read back, and dropped', () => {
    const storage = memoryStorage();
    writeCopy('trenchless.note.1', note, '7', storage, '2026-11-23T19:04:00Z');
    expect(readCopy('trenchless.note.1', parseNote, storage)).toEqual({ values: note, savedAt: '2026-11-23T19:04:00Z', baseVersion: '7' });
    writeCopy('trenchless.note.new', note, null, storage);
    const fresh = readCopy('trenchless.note.new', parseNote, storage);
    expect(fresh?.baseVersion).toBeNull();
    expect(Number.isNaN(Date.parse(fresh?.savedAt ?? ''))).toBe(false);
    dropCopy('trenchless.note.1', storage);
    expect(readCopy('trenchless.note.1', parseNote, storage)).toBeNull();
    expect(storage.data.size).toBe(1);
  });

  it('ignores what no form wrote, keeps only the form’s fields, and fills "later" fields', () => {
    const storage = memoryStorage();
    const copy = (values: unknown) => JSON.stringify({ values, savedAt: 'then', baseVersion: 3 });
    storage.setItem('a', 'not json');
    storage.setItem('b', copy({ ...note, pinned: 'yes' }));
    storage.setItem('c', copy({ ...note, kind: 'z' }));
    storage.setItem('d', copy({ ...note, extra: 1 }));
    storage.setItem('e', copy({ text: 't', kind: 'a', pinned: false }));
    storage.setItem('f', JSON.stringify({ values: note }));
    storage.setItem('g', 'null');
    for (const k of ['a', 'b', 'c', 'f', 'g']) expect(readCopy(k, parseNote, storage)).toBeNull();
    expect(readCopy('d', parseNote, storage)).toEqual({ values: note, savedAt: 'then', baseVersion: null });
    expect(readCopy('e', parseNote, storage)?.values).toEqual({ text: 't', kind: 'a', pinned: false, later: '' });
  });

  it('does without storage, or with one that refuses', () => {
    expect(readCopy('x', parseNote, null)).toBeNull();
    const refusing = {
      ...memoryStorage(),
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    } as Storage;
    expect(() => writeCopy('x', note, null, refusing)).not.toThrow();
    expect(() => dropCopy('x', refusing)).not.toThrow();
    expect(readCopy('x', parseNote, refusing)).toBeNull();
    expect(() => writeCopy('x', note, null, null)).not.toThrow();
  });

  it('is offered back only when it differs from what the form shows', () => {
    const copy: LocalCopy<Note> = { values: note, savedAt: 'then', baseVersion: '1' };
    expect(copyToOffer(copy, { ...note }, FIELDS)).toBeNull();
    expect(copyToOffer(copy, { ...note, pinned: false }, FIELDS)).toBe(copy);
    expect(copyToOffer(null, note, FIELDS)).toBeNull();
    expect(sameValues(note, { ...note, text: 'Roots!' }, FIELDS)).toBe(false);
  });
});
