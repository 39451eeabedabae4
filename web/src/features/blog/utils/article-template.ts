// The article template (ADR 0003): the build prerenders one article whose
// fields are tokens, and the edge fills each served /blog/{slug} from the
// published post. The tokens are the contract between this file and the
// gateway's filler (services/gateway); keep the names in step.
import type { BlogPost } from '../types';

/** The route the prerender renders the template at (never a real slug: slugs have no underscore). */
export const ARTICLE_TEMPLATE_SLUG = '_article';

const token = (name: string) => `⟦post:${name}⟧`;

/** What the edge writes for the long publish date ("November 10, 2026", America/Phoenix). */
export const DATE_TOKEN = token('date');

/**
 * The post the template is rendered with. readTimeMinutes and the hero's
 * size are numbers in the API; here they are tokens in the same places.
 */
export const ARTICLE_TEMPLATE_POST = {
  id: '',
  slug: ARTICLE_TEMPLATE_SLUG,
  title: token('title'),
  excerpt: token('excerpt'),
  content: '',
  bodyHtml: token('body'),
  imageUrl: '',
  heroImage: { src: token('heroSrc'), srcset: token('heroSrcset'), width: token('heroWidth'), height: token('heroHeight') },
  publishedAt: token('publishedAt'),
  isPublished: true,
  category: token('category'),
  readTimeMinutes: token('readTime'),
} as unknown as BlogPost;

/** Whether a value is one of the template's tokens (so it is written out, not formatted). */
export function isTemplateToken(value: string | undefined): boolean {
  return value?.startsWith('⟦post:') ?? false;
}
