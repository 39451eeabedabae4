import { describe, expect, it } from 'vitest';
import { EMPTY_POST_FORM, type PostFormValues } from './post-form';
import {
  charCount,
  IMAGE_URL_MESSAGE,
  isValidImageUrl,
  POST_FIELDS,
  postFormSchema,
  SEO_DESCRIPTION_MESSAGE,
  SEO_TITLE_MESSAGE,
  SOCIAL_IMAGE_URL_MESSAGE,
} from './post-schema';
import { SLUG_MESSAGE } from './slug';

const valid: PostFormValues = {
  ...EMPTY_POST_FORM,
  title: 'Monsoon drain care',
  slug: 'monsoon-drain-care',
  excerpt: 'Keep water moving.',
  content: '<p>Clear the grates.</p>',
};

function problems(values: Partial<PostFormValues>, taken: string[] = []): Record<string, string> {
  const result = postFormSchema(new Set(taken)).safeParse({ ...valid, ...values });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('postFormSchema', () => {
  it('accepts a complete post', () => {
    expect(problems({})).toEqual({});
    expect(problems({ imageUrl: '/media/abc.jpg', category: 'Seasonal', isPublished: false, publishedAt: '2030-01-01T09:00' })).toEqual({});
  });

  it('says what is missing in the server’s words', () => {
    expect(problems({ title: '   ', excerpt: '', content: '', slug: '' })).toEqual({
      title: 'Title is required',
      slug: SLUG_MESSAGE,
      excerpt: 'Excerpt is required',
      content: 'Content is required',
    });
  });

  it('enforces the lengths', () => {
    expect(problems({ title: 'x'.repeat(201) })).toEqual({ title: 'Title must be 200 characters or fewer' });
    expect(problems({ excerpt: 'x'.repeat(501) })).toEqual({ excerpt: 'Excerpt must be 500 characters or fewer' });
    expect(problems({ content: 'x'.repeat(200_001) })).toEqual({ content: 'Content must be 200,000 characters or fewer' });
  });

  it('checks the slug’s form, and that no other post has it', () => {
    expect(problems({ slug: 'Monsoon Care' })).toEqual({ slug: SLUG_MESSAGE });
    expect(problems({ slug: 'orangeburg-pipe-guide' }, ['orangeburg-pipe-guide'])).toEqual({
      slug: 'A post with the slug "orangeburg-pipe-guide" already exists. Choose another slug.',
    });
  });

  it('checks the image address and the publish time', () => {
    expect(problems({ imageUrl: 'http://example.com/a.jpg' })).toEqual({ imageUrl: IMAGE_URL_MESSAGE });
    expect(problems({ publishedAt: '2026-02-30T09:00' })).toEqual({ publishedAt: 'Invalid date' });
  });
});

describe('the search-and-social fields (issue 28)', () => {
  it('are optional', () => {
    expect(problems({ seoTitle: '', seoDescription: '', socialImageUrl: '' })).toEqual({});
    expect(problems({ seoTitle: 'Monsoon drains', seoDescription: 'Keep water moving.', socialImageUrl: '/media/a.jpg' })).toEqual({});
    expect(problems({ socialImageUrl: 'https://cdn.example/a.jpg' })).toEqual({});
  });

  it('keep the server’s limits and words, counted as the server counts once trimmed', () => {
    expect(SEO_TITLE_MESSAGE).toBe('SEO title must be 70 characters or fewer');
    expect(SEO_DESCRIPTION_MESSAGE).toBe('SEO description must be 300 characters or fewer');
    expect(SOCIAL_IMAGE_URL_MESSAGE).toBe('Social image URL must be a site path starting with / or an https:// address');
    expect(problems({ seoTitle: 'x'.repeat(70), seoDescription: 'x'.repeat(300) })).toEqual({});
    expect(problems({ seoTitle: ` ${'x'.repeat(70)}  ` })).toEqual({});
    expect(problems({ seoTitle: 'x'.repeat(71) })).toEqual({ seoTitle: SEO_TITLE_MESSAGE });
    expect(problems({ seoDescription: 'x'.repeat(301) })).toEqual({ seoDescription: SEO_DESCRIPTION_MESSAGE });
    // An emoji is one character to the server (CEL size() counts code points), two UTF-16 units here.
    expect(charCount('🚽'.repeat(70))).toBe(70);
    expect(problems({ seoTitle: '🚽'.repeat(70) })).toEqual({});
  });

  it('check the social image address as the post image’s', () => {
    for (const bad of ['http://example.com/a.jpg', '//cdn.example/a.jpg', 'media/a.jpg', `/${'a'.repeat(2048)}`])
      expect(problems({ socialImageUrl: bad }), bad).toEqual({ socialImageUrl: SOCIAL_IMAGE_URL_MESSAGE });
  });

  it('are in the page order the server’s errors land in, between Category and Publishing', () => {
    expect(POST_FIELDS.slice(POST_FIELDS.indexOf('category'), POST_FIELDS.indexOf('isPublished') + 1)).toEqual([
      'category',
      'seoTitle',
      'seoDescription',
      'socialImageUrl',
      'isPublished',
    ]);
  });
});

describe('isValidImageUrl', () => {
  it('follows the server’s rule', () => {
    for (const ok of ['', '/media/abc.jpg', '/images/article-default.svg', 'https://cdn.example/a.jpg', '  /media/x.png  ']) {
      expect(isValidImageUrl(ok), ok).toBe(true);
    }
    for (const bad of ['//evil.example/a.jpg', '/\\evil.example/a.jpg', 'http://example.com/a.jpg', 'media/abc.jpg', 'javascript:alert(1)', `/${'a'.repeat(2048)}`]) {
      expect(isValidImageUrl(bad), bad).toBe(false);
    }
  });
});
