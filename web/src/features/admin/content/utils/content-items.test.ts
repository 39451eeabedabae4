import { describe, expect, it } from 'vitest';
import { categoryLabel, groupByCategory, matchesSearch, plainText, textToHtml, type ContentLike } from './content-items';

const item = (contentKey: string, category: string, content = '', description = ''): ContentLike => ({
  contentKey,
  category,
  content,
  description,
});

describe('groupByCategory', () => {
  it('orders the categories as the site runs, skips empty ones and sorts keys', () => {
    const groups = groupByCategory([
      item('footer.hours', 'general'),
      item('hero.title', 'homepage'),
      item('contact.intro', 'contact'),
      item('hero.subtitle', 'homepage'),
      item('cipp.intro', 'services'),
    ]);
    expect(groups.map((g) => g.label)).toEqual(['Homepage', 'Services', 'Contact', 'General']);
    expect(groups[0]?.items.map((i) => i.contentKey)).toEqual(['hero.subtitle', 'hero.title']);
  });

  it('files an empty category under General and an unknown one after the known ones', () => {
    const groups = groupByCategory([item('b', 'zeta'), item('a', ''), item('c', 'about'), item('d', 'alpha')]);
    expect(groups.map((g) => [g.category, g.label])).toEqual([
      ['about', 'About'],
      ['general', 'General'],
      ['alpha', 'Alpha'],
      ['zeta', 'Zeta'],
    ]);
  });

  it('gives nothing for nothing', () => {
    expect(groupByCategory([])).toEqual([]);
    expect(categoryLabel('')).toBe('General');
  });
});

describe('matchesSearch', () => {
  const hero = item(
    'hero.title',
    'homepage',
    '<p>Trenchless <strong>Sewer</strong> Repair &amp; Lining</p>',
    'Headline at the top of the home page',
  );

  it('finds by key, description or the words of the content, in any case', () => {
    expect(matchesSearch(hero, 'HERO')).toBe(true);
    expect(matchesSearch(hero, 'headline')).toBe(true);
    expect(matchesSearch(hero, 'sewer repair')).toBe(true);
    expect(matchesSearch(hero, 'repair & lining')).toBe(true);
  });

  it('needs every word, and ignores markup', () => {
    expect(matchesSearch(hero, 'sewer footer')).toBe(false);
    expect(matchesSearch(hero, 'strong')).toBe(false);
    expect(matchesSearch(hero, '   ')).toBe(true);
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
