import { describe, expect, it } from 'vitest';
import { business } from '@/config/business';
import { absoluteUrl } from '@/config/site';
import { cutShort, pageTitle, SEARCH_DESCRIPTION_CHARS, SEARCH_TITLE_CHARS, searchPreview } from './search-preview';

const post = {
  title: 'How to Tell If You Have Orangeburg Pipe',
  excerpt: 'Some Valley homes still have Orangeburg sewer pipe.',
  slug: 'orangeburg-pipe-guide',
  seoTitle: '',
  seoDescription: '',
};

describe('pageTitle', () => {
  it('is the SEO title, else the title, then the company, as the article’s <title>', () => {
    expect(pageTitle('', post.title)).toBe(`${post.title} | ${business.companyName}`);
    expect(pageTitle('  Orangeburg pipe  ', post.title)).toBe(`Orangeburg pipe | ${business.companyName}`);
    expect(pageTitle('', '')).toBe(business.companyName);
  });
});

describe('cutShort', () => {
  it('leaves text that fits, and cuts longer text at a word with an ellipsis', () => {
    expect(cutShort('Short enough', 20)).toBe('Short enough');
    expect(cutShort('one two three four five', 12)).toBe('one two…');
    expect(cutShort('one two three, four', 15)).toBe('one two three…');
    // One long word: cut inside it rather than show almost nothing.
    expect(cutShort(`a ${'x'.repeat(30)}`, 10)).toBe(`a ${'x'.repeat(8)}…`);
    expect(cutShort('  spaced\n  out  ', 20)).toBe('spaced out');
  });
});

describe('searchPreview', () => {
  it('falls back to the title and excerpt, at the article’s address', () => {
    expect(searchPreview(post)).toEqual({
      title: cutShort(`${post.title} | ${business.companyName}`, SEARCH_TITLE_CHARS),
      url: absoluteUrl('/blog/orangeburg-pipe-guide'),
      description: post.excerpt,
      titleCut: true,
      descriptionCut: false,
    });
  });

  it('uses the SEO title and description, cut where search engines cut them', () => {
    const long = 'Orangeburg pipe was made of wood pulp and tar between 1945 and 1972. '.repeat(4);
    const shown = searchPreview({ ...post, seoTitle: 'Orangeburg pipe', seoDescription: long });
    expect(shown.title).toBe(`Orangeburg pipe | ${business.companyName}`);
    expect(shown.titleCut).toBe(false);
    expect(shown.descriptionCut).toBe(true);
    expect(shown.description.endsWith('…')).toBe(true);
    expect(Array.from(shown.description).length).toBeLessThanOrEqual(SEARCH_DESCRIPTION_CHARS + 1);
    expect(long.startsWith(shown.description.slice(0, -1))).toBe(true);
  });

  it('shows where the address goes before there is a slug', () => {
    expect(searchPreview({ ...post, slug: ' ' }).url).toBe(absoluteUrl('/blog/…'));
  });
});
