import { describe, expect, it } from 'vitest';
import { absoluteUrl } from '@/config/site';
import type { BlogPost } from '../types';
import { articleHead } from './ArticleView';

// Issue 40: a Spanish article names its own /es/blog/ address and, when it
// has a published English original, both languages' addresses.
const post = {
  id: 'b2',
  slug: 'como-funciona-el-revestimiento-cipp',
  title: 'Cómo funciona el revestimiento CIPP',
  excerpt: 'Una tubería nueva dentro de la vieja.',
  imageUrl: '',
  seoTitle: '',
  seoDescription: '',
  socialImageUrl: '',
  language: 'es',
  translationOf: '',
  translations: [
    { id: 'a1', language: 'en', slug: 'cipp-pipe-lining-explained', title: 'How CIPP Works', isPublished: true, publishedAt: '2026-05-04T16:00:00Z' },
  ],
} as unknown as BlogPost;

describe('articleHead of a Spanish article', () => {
  it('is canonical at /es/blog/{slug} with hreflang links to both languages', () => {
    const head = articleHead(post);
    const own = absoluteUrl('/es/blog/como-funciona-el-revestimiento-cipp');
    expect(head.meta).toContainEqual({ property: 'og:url', content: own });
    expect(head.links).toEqual([
      { rel: 'canonical', href: own },
      { rel: 'alternate', hreflang: 'en', href: absoluteUrl('/blog/cipp-pipe-lining-explained') },
      { rel: 'alternate', hreflang: 'es', href: own },
      { rel: 'alternate', hreflang: 'x-default', href: absoluteUrl('/blog/cipp-pipe-lining-explained') },
    ]);
  });

  it('has no alternates without a published translation', () => {
    expect(articleHead({ ...post, translations: [] }).links).toEqual([{ rel: 'canonical', href: absoluteUrl('/es/blog/como-funciona-el-revestimiento-cipp') }]);
  });
});
