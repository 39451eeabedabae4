import { describe, expect, it } from 'vitest';
import type { EditableContentItem } from './api/get-editable-content';
import { inLocale, pageLocale } from './locale';

describe('the language of a page’s texts (issue 40)', () => {
  it('is Spanish under /es and English elsewhere', () => {
    expect(pageLocale('/es')).toBe('es');
    expect(pageLocale('/es/')).toBe('es');
    expect(pageLocale('/es/services/cipp-lining')).toBe('es');
    expect(pageLocale('/')).toBe('en');
    expect(pageLocale('/escape')).toBe('en');
    expect(pageLocale('/admin/content')).toBe('en');
    expect(pageLocale(), 'no page (the prerender, a test): English').toBe('en');
  });

  it('shows a staff read in a language: the Spanish text and its version, or the English marked fallback', () => {
    const english: EditableContentItem = { contentKey: 'hero.title', content: 'Sewer repair', contentType: 'text', version: '4', updatedBy: 'a@x.example' };
    const translated = { ...english, contentEs: 'Reparación', versionEs: '2', updatedAtEs: '2026-11-28T10:00:00Z', updatedByEs: 'b@x.example' };
    expect(inLocale(translated, 'en')).toBe(translated);
    expect(inLocale(translated, 'es')).toMatchObject({
      content: 'Reparación',
      version: '2',
      locale: 'es',
      fallback: false,
      updatedAt: '2026-11-28T10:00:00Z',
      updatedBy: 'b@x.example',
    });
    expect(inLocale(english, 'es')).toMatchObject({ content: 'Sewer repair', version: '0', locale: 'en', fallback: true });
  });
});
