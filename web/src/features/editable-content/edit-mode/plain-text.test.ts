import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToPlainText } from './plain-text';

describe('htmlToPlainText / decodeEntities', () => {
  it('decodes named and numeric references and keeps unknown ones', () => {
    expect(decodeEntities('Tom&rsquo;s &#8211; &#x2014; &lt;ok&gt; &bogus;')).toBe('Tom’s – — <ok> &bogus;');
  });

  it('turns line breaks into spaces and collapses whitespace', () => {
    expect(htmlToPlainText('One<br>two<br/>\n  three')).toBe('One two three');
  });

  it('strips markup, scripts included, from what staff paste into a text item', () => {
    expect(htmlToPlainText('<h1>Drain &amp; Sewer <em>Repair</em></h1><script>alert(1)</script>')).toBe('Drain & Sewer Repair');
  });
});
