import { describe, expect, it } from 'vitest';
import { ARTICLE_TEMPLATE_POST } from './article-template';
import {
  articleHeadLinks,
  articlePath,
  articleSlugOfPath,
  LANGUAGE_SWITCH_TOKEN,
  languageSwitchPath,
  postLanguage,
  postPath,
} from './article-path';

const abs = (path: string) => `https://valley.example${path}`;
const twin = (language: string, slug: string) => ({ language, slug, id: slug, title: slug, isPublished: true, publishedAt: '2026-11-20T16:00:00Z' });

describe('article addresses (issue 40)', () => {
  it('puts a post at its own language’s address', () => {
    expect(articlePath('cipp-pipe-lining-explained', 'en')).toBe('/blog/cipp-pipe-lining-explained');
    expect(articlePath('como-funciona-el-revestimiento-cipp', 'es')).toBe('/es/blog/como-funciona-el-revestimiento-cipp');
    expect(postPath({ slug: 'raices', language: 'es' })).toBe('/es/blog/raices');
    // An answer from before posts had a language is English.
    expect(postLanguage({})).toBe('en');
    expect(postPath({ slug: 'roots' })).toBe('/blog/roots');
  });

  it('reads the slug of an article address, in either language', () => {
    expect(articleSlugOfPath('/blog/roots')).toBe('roots');
    expect(articleSlugOfPath('/es/blog/raices')).toBe('raices');
    expect(articleSlugOfPath('/es/blog/raices/')).toBe('raices');
    for (const p of ['/blog', '/es/blog', '/resources', '/es/', '/blog/a/b', '/fr/blog/x']) expect(articleSlugOfPath(p), p).toBeNull();
  });

  it('switches to the translation, or to the other language’s articles, or in the template to the edge’s token', () => {
    const english = { slug: 'roots', language: 'en', translations: [twin('es', 'raices')] };
    expect(languageSwitchPath(english, 'es')).toBe('/es/blog/raices');
    expect(languageSwitchPath({ slug: 'raices', language: 'es', translations: [twin('en', 'roots')] }, 'en')).toBe('/blog/roots');
    expect(languageSwitchPath({ slug: 'alone', language: 'en', translations: [] }, 'es')).toBe('/es/resources');
    expect(languageSwitchPath({ slug: 'sola', language: 'es', translations: [] }, 'en')).toBe('/resources');
    expect(languageSwitchPath(ARTICLE_TEMPLATE_POST, 'es')).toBe(LANGUAGE_SWITCH_TOKEN);
    expect(LANGUAGE_SWITCH_TOKEN).toBe('⟦post:otherLanguageHref⟧');
  });

  it('names the canonical address, and both languages’ when there is a translation', () => {
    expect(articleHeadLinks({ slug: 'alone', language: 'en', translations: [] }, abs)).toEqual([
      { rel: 'canonical', href: 'https://valley.example/blog/alone' },
    ]);
    expect(articleHeadLinks({ slug: 'raices', language: 'es', translations: [twin('en', 'roots')] }, abs)).toEqual([
      { rel: 'canonical', href: 'https://valley.example/es/blog/raices' },
      { rel: 'alternate', hreflang: 'en', href: 'https://valley.example/blog/roots' },
      { rel: 'alternate', hreflang: 'es', href: 'https://valley.example/es/blog/raices' },
      { rel: 'alternate', hreflang: 'x-default', href: 'https://valley.example/blog/roots' },
    ]);
  });
});
