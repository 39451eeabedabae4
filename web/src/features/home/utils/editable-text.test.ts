import { describe, expect, it } from 'vitest';
import type { EditableContentItem } from '../api/get-editable-content';
import { decodeEntities, editableText, htmlToPlainText } from './editable-text';

const item = (contentKey: string, content: string, contentType = 'text'): EditableContentItem => ({
  contentKey,
  content,
  contentType,
  category: 'homepage',
});

describe('editableText', () => {
  it('falls back while there is no list, no item or an empty item', () => {
    expect(editableText(undefined, 'hero.title', 'Fallback')).toBe('Fallback');
    expect(editableText([item('hero.subtitle', 'Sub')], 'hero.title', 'Fallback')).toBe('Fallback');
    expect(editableText([item('hero.title', '   ')], 'hero.title', 'Fallback')).toBe('Fallback');
    expect(editableText([item('hero.title', '<p> </p>', 'html')], 'hero.title', 'Fallback')).toBe('Fallback');
  });

  it('uses plain-text items exactly as written, markup characters included', () => {
    const items = [item('hero.title', 'Pipes <b>fixed</b> & fast')];
    expect(editableText(items, 'hero.title', 'Fallback')).toBe('Pipes <b>fixed</b> & fast');
  });

  it('reduces HTML items to their text', () => {
    const items = [item('hero.title', '<h1>Drain &amp; Sewer <em>Repair</em></h1><script>alert(1)</script>', 'html')];
    expect(editableText(items, 'hero.title', 'Fallback')).toBe('Drain & Sewer Repair');
  });
});

describe('htmlToPlainText / decodeEntities', () => {
  it('decodes named and numeric references and keeps unknown ones', () => {
    expect(decodeEntities('Tom&rsquo;s &#8211; &#x2014; &lt;ok&gt; &bogus;')).toBe('Tom’s – — <ok> &bogus;');
  });

  it('turns line breaks into spaces and collapses whitespace', () => {
    expect(htmlToPlainText('One<br>two<br/>\n  three')).toBe('One two three');
  });
});
