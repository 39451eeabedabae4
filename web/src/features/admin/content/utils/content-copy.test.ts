import { describe, expect, it } from 'vitest';
import { firstChanged, readCopy, writeCopy } from '@/components/staff/local-copy';
import {
  CREATE_COPY_FIELDS,
  EDIT_COPY_FIELDS,
  NEW_CONTENT_COPY_KEY,
  contentCopyKey,
  parseCreateCopy,
  parseEditCopy,
  type ContentCreateFields,
} from './content-copy';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
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

const typed: ContentCreateFields = {
  contentKey: 'hero.title',
  category: 'homepage',
  contentType: 'html',
  description: 'Headline',
  content: '<p>Fixed without digging</p>',
};

describe('the Site Content forms’ copies in the browser', () => {
  it('keep the create form under "new" and each item under its own key', () => {
    expect(NEW_CONTENT_COPY_KEY).toBe('trenchless.content-form.new');
    expect(contentCopyKey('hero.title')).toBe('trenchless.content-form.item.hero.title');
    // An item whose key is "new" does not share the create form's copy.
    expect(contentCopyKey('new')).not.toBe(NEW_CONTENT_COPY_KEY);
  });

  it('read back the create form, refusing an unknown category or type', () => {
    const storage = memoryStorage();
    writeCopy(NEW_CONTENT_COPY_KEY, typed, null, storage);
    expect(readCopy(NEW_CONTENT_COPY_KEY, parseCreateCopy, storage)?.values).toEqual(typed);
    writeCopy('x', { ...typed, category: 'blog' }, null, storage);
    writeCopy('y', { ...typed, contentType: 'markdown' }, null, storage);
    expect(readCopy('x', parseCreateCopy, storage)).toBeNull();
    expect(readCopy('y', parseCreateCopy, storage)).toBeNull();
  });

  it('read back an item’s form with its base version; any category (an item may have its own)', () => {
    const storage = memoryStorage();
    const values = { content: 'Call us', category: 'legacy', description: '' };
    writeCopy(contentCopyKey('cta'), { ...values, extra: true }, '4', storage);
    expect(readCopy(contentCopyKey('cta'), parseEditCopy, storage)).toMatchObject({ values, baseVersion: '4' });
  });

  it('focus the first restored field that differs, in page order', () => {
    expect(firstChanged({ ...typed, description: 'x', content: 'y' }, typed, CREATE_COPY_FIELDS)).toBe('description');
    expect(firstChanged(typed, typed, CREATE_COPY_FIELDS)).toBe('contentKey');
    const shown = { content: 'a', category: 'general', description: '' };
    expect(firstChanged({ ...shown, content: 'b' }, shown, EDIT_COPY_FIELDS)).toBe('content');
  });
});
