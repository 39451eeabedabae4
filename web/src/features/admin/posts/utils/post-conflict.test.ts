import { describe, expect, it } from 'vitest';
import { CONTENT_PREVIEW_CHARS, differingFields, htmlToText, mergePostValues, postConflictRows, versionNumber } from './post-conflict';
import type { PostFormValues } from './post-form';

const base: PostFormValues = {
  language: 'en',
  translationOf: '',
  title: 'Root intrusion basics',
  slug: 'root-intrusion',
  excerpt: 'Why roots get in.',
  content: '<h2>Roots</h2><p>They find <strong>every</strong> crack.</p>',
  imageUrl: '',
  category: '',
  seoTitle: '',
  seoDescription: '',
  socialImageUrl: '',
  isPublished: false,
  publishedAt: '2026-11-26T12:04',
};

describe('differingFields', () => {
  it('names the fields whose saved values differ, in the form’s order', () => {
    expect(differingFields(base, { ...base })).toEqual([]);
    expect(differingFields(base, { ...base, excerpt: 'New.', title: 'New title', isPublished: true })).toEqual([
      'title',
      'excerpt',
      'isPublished',
    ]);
  });

  it('ignores spaces the save trims, but not a change of markup in the body', () => {
    expect(differingFields(base, { ...base, title: ' Root intrusion basics  ', slug: 'root-intrusion ' })).toEqual([]);
    expect(differingFields(base, { ...base, content: '<h2>Roots</h2><p>They find every crack.</p>' })).toEqual(['content']);
  });
});

describe('mergePostValues', () => {
  it('takes yours where you changed a field, theirs everywhere else', () => {
    const theirs = { ...base, excerpt: 'Ben’s excerpt.', isPublished: true };
    const yours = { ...base, title: 'Ana’s title', content: '<p>Ana’s body.</p>' };
    expect(mergePostValues(base, theirs, yours)).toEqual({
      ...base,
      title: 'Ana’s title',
      content: '<p>Ana’s body.</p>',
      excerpt: 'Ben’s excerpt.',
      isPublished: true,
    });
  });

  it('lets yours win where both changed the same field', () => {
    const merged = mergePostValues(base, { ...base, title: 'Ben’s title' }, { ...base, title: 'Ana’s title' });
    expect(merged.title).toBe('Ana’s title');
  });

  it('is their version when you changed nothing, and leaves its inputs alone', () => {
    const theirs = { ...base, slug: 'roots' };
    const yours = { ...base };
    expect(mergePostValues(base, theirs, yours)).toEqual(theirs);
    expect(yours).toEqual(base);
    expect(theirs.slug).toBe('roots');
  });
});

describe('postConflictRows', () => {
  it('has a row for each differing field, written for people, marking the fields you did not change', () => {
    const theirs: PostFormValues = {
      ...base,
      title: 'Tree roots in sewer lines',
      category: 'Maintenance',
      isPublished: true,
      publishedAt: '2026-12-01T09:30',
      imageUrl: '/media/abc.png?w=1600',
    };
    const yours: PostFormValues = { ...base, excerpt: 'Ana’s excerpt.' };
    const rows = postConflictRows(base, theirs, yours, 'UTC');
    expect(rows.map((r) => r.label)).toEqual(['Title', 'Excerpt', 'Image', 'Category', 'Published', 'Publish date']);
    expect(rows.find((r) => r.field === 'title')).toEqual({
      field: 'title',
      label: 'Title',
      theirs: 'Tree roots in sewer lines',
      yours: 'Root intrusion basics',
      yoursUnchanged: true,
    });
    expect(rows.find((r) => r.field === 'excerpt')?.yoursUnchanged).toBe(false);
    expect(rows.find((r) => r.field === 'imageUrl')).toMatchObject({ theirs: '/media/abc.png?w=1600', yours: '(empty)' });
    expect(rows.find((r) => r.field === 'category')).toMatchObject({ theirs: 'Maintenance', yours: 'Automatic from the title: Prevention' });
    expect(rows.find((r) => r.field === 'isPublished')).toMatchObject({ theirs: 'Published', yours: 'Draft' });
    // datetime-local text is read in the browser's time zone; the test's runner may be anywhere.
    expect(rows.find((r) => r.field === 'publishedAt')?.theirs).toMatch(/^(Nov 30|Dec 1|Dec 2), 2026, \d{1,2}:30 (AM|PM)$/);
  });

  it('shows the body as text, says when only the formatting differs, and cuts a long body short', () => {
    const rows = postConflictRows(base, { ...base, content: '<h2>Roots</h2><p>They find every crack.</p>' }, base);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.theirs).toBe('Roots\nThey find every crack.');
    expect(rows[0]?.yours).toBe('Roots\nThey find every crack. (the same text, formatted differently)');

    const long = `<p>${'word '.repeat(400)}</p>`;
    const [row] = postConflictRows(base, { ...base, content: long }, base);
    expect(row?.theirs.length).toBeLessThan(CONTENT_PREVIEW_CHARS + 60);
    expect(row?.theirs).toMatch(/… \(cut short: 1,999 characters in all\)$/);
  });

  it('says "Not set" for an empty publish date and "(empty)" for an empty text', () => {
    const rows = postConflictRows(base, { ...base, publishedAt: '', excerpt: '' }, base);
    expect(rows.map((r) => [r.label, r.theirs])).toEqual([
      ['Excerpt', '(empty)'],
      ['Publish date', 'Not set'],
    ]);
  });
});

describe('the search-and-social fields in a conflict (issue 28)', () => {
  const theirs: PostFormValues = { ...base, seoTitle: 'Roots: the short version', socialImageUrl: '/media/roots.jpg' };

  it('are rows of their own, after Category, saying what stands in when one is empty', () => {
    const yours: PostFormValues = { ...base, seoDescription: 'Ana’s description.' };
    const rows = postConflictRows(base, theirs, yours);
    expect(rows.map((r) => [r.label, r.theirs, r.yours, r.yoursUnchanged])).toEqual([
      ['SEO title', 'Roots: the short version', 'Not set: the title is used', true],
      ['SEO description', 'Not set: the excerpt is used', 'Ana’s description.', false],
      ['Social image', '/media/roots.jpg', 'Not set: the post’s image is used', true],
    ]);
    const order = postConflictRows(base, { ...theirs, category: 'Maintenance', isPublished: true }, yours).map((r) => r.label);
    expect(order).toEqual(['Category', 'SEO title', 'SEO description', 'Social image', 'Published']);
  });

  it('merge like the other fields: yours where you changed them, theirs elsewhere; trailing spaces are no change', () => {
    const yours: PostFormValues = { ...base, seoDescription: 'Ana’s description.', seoTitle: ' ' };
    expect(mergePostValues(base, theirs, yours)).toEqual({ ...theirs, seoDescription: 'Ana’s description.' });
    expect(differingFields(base, { ...base, socialImageUrl: '/media/roots.jpg ' })).toEqual(['socialImageUrl']);
    expect(differingFields({ ...base, seoTitle: 'A' }, { ...base, seoTitle: 'A  ' })).toEqual([]);
  });
});

describe('htmlToText', () => {
  it('keeps the words, one block a line, images as their alternative text, entities decoded', () => {
    expect(
      htmlToText(
        '<h2>Why lining works</h2><p>Cast iron &amp; clay <strong>rust</strong>&nbsp;or crack.</p><ul><li>No digging</li><li>Done in a day</li></ul>' +
          '<img src="/media/x.png" alt="A cured liner"><table><tr><th>Pipe</th><th>Life</th></tr></table><p>&#8220;Quoted&#x201D;<br>next</p>',
      ),
    ).toBe('Why lining works\nCast iron & clay rust or crack.\nNo digging\nDone in a day\n[image: A cured liner]\nPipe Life\n“Quoted”\nnext');
    expect(htmlToText('')).toBe('');
    expect(htmlToText('<p><script>alert(1)</script>Text</p>')).toBe('Text');
  });
});

describe('versionNumber', () => {
  it('reads the API’s int64 text', () => {
    expect(versionNumber('4')).toBe(4);
    expect(versionNumber(undefined)).toBe(0);
    expect(versionNumber('x')).toBe(0);
  });
});

describe('a post’s language and link in a conflict (issue 40)', () => {
  const ORIGINAL = '6f1c2d3e-4b5a-4c6d-8e7f-001122334455';
  it('names the languages, and the original by its title where it is known', () => {
    const theirs: PostFormValues = { ...base, language: 'es', translationOf: ORIGINAL };
    const rows = postConflictRows(base, theirs, base, 'UTC', { [ORIGINAL]: 'Root intrusion basics' });
    expect(rows.map((r) => [r.label, r.theirs, r.yours])).toEqual([
      ['Language', 'Español', 'English'],
      ['Translation of', '“Root intrusion basics”', 'None'],
    ]);
    expect(postConflictRows(base, theirs, base, 'UTC')[1]!.theirs).toBe(`The English post ${ORIGINAL}`);
  });

  it('merges them like any other field', () => {
    const yours: PostFormValues = { ...base, language: 'es', translationOf: ORIGINAL };
    const theirs: PostFormValues = { ...base, title: 'Roots, again' };
    expect(mergePostValues(base, theirs, yours)).toEqual({ ...theirs, language: 'es', translationOf: ORIGINAL });
  });
});
