// SPEC §9 "Blog category from title keywords", as the content service
// applies it (services/content/internal/content/content.go DeriveCategory):
// the form shows which category a title gives, and the unsaved preview
// shows the badge the site will show.
import { ARTICLE_CATEGORIES, type ArticleCategory } from '@/content/resources';

export { ARTICLE_CATEGORIES as POST_CATEGORIES, type ArticleCategory as PostCategory };

const RULES: readonly [readonly string[], ArticleCategory][] = [
  [['cipp', 'trenchless'], 'Technology'],
  [['lifespan', 'warning signs'], 'Maintenance'],
  [['cost'], 'Cost Guide'],
  [['orangeburg', 'clay'], 'Pipe Types'],
];

/** CIPP or Trenchless → Technology; Lifespan or Warning Signs → Maintenance; Cost → Cost Guide; Orangeburg or Clay → Pipe Types; else Prevention. */
export function deriveCategory(title: string): ArticleCategory {
  const t = title.toLowerCase();
  return RULES.find(([words]) => words.some((w) => t.includes(w)))?.[1] ?? 'Prevention';
}

export function isPostCategory(value: string): value is ArticleCategory {
  return (ARTICLE_CATEGORIES as readonly string[]).includes(value);
}
