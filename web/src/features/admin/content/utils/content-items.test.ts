import { describe, expect, it } from 'vitest';
import { categoryLabel, plainText, textToHtml } from './content-items';

describe('categoryLabel', () => {
  it('names the five, files an empty category under General and capitalises others', () => {
    expect(categoryLabel('homepage')).toBe('Homepage');
    expect(categoryLabel('')).toBe('General');
    expect(categoryLabel('zeta')).toBe('Zeta');
  });
});

describe('plainText and textToHtml', () => {
  it('reads HTML as words', () => {
    expect(plainText('<h2>Why</h2><p>Pipes&nbsp;crack.<br>Roots grow &lt;in&gt; &#39;joints&#x27;</p>')).toBe(
      "Why Pipes crack. Roots grow <in> 'joints'",
    );
    expect(plainText('<p></p>')).toBe('');
  });

  it('turns plain text into escaped paragraphs', () => {
    expect(textToHtml('One <b>\nline\n\n Two & three ')).toBe('<p>One &lt;b&gt;<br>line</p><p>Two &amp; three</p>');
    expect(textToHtml('  \n ')).toBe('');
  });
});
