import { describe, expect, it } from 'vitest';
import { EMPTY_POST_FORM, type PostFormValues } from './post-form';
import { IMAGE_URL_MESSAGE, isValidImageUrl, postFormSchema } from './post-schema';
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
