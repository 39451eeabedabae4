import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useBlogPost } from '@/features/blog/api/get-blog-post';
import { ArticleLoading, ArticleNotFound } from '@/features/blog/components/ArticleStates';
import { ArticleView } from '@/features/blog/components/ArticleView';
import { postLanguage, postPath } from '@/features/blog/utils/article-path';
import { ARTICLE_TEMPLATE_SLUG } from '@/features/blog/utils/article-template';
import { useLocale } from '@/i18n/use-locale';
import '@/features/blog/components/article.css';

/**
 * /blog/{slug} and /es/blog/{slug}: an article loaded from the server (SPEC
 * §2 "Article page"). An article is written in one language and lives at
 * that language's address (issue 40): one reached at the other's (an old
 * link, a hand-typed address) loads its own address in full, where that
 * language's page frame and messages come with it.
 */
export function BlogPostRoute() {
  const slug = useParams().slug ?? '';
  const { data: post, isPending, isError } = useBlogPost(slug);
  const locale = useLocale();
  const elsewhere = post && post.slug !== ARTICLE_TEMPLATE_SLUG && postLanguage(post) !== locale ? postPath(post) : null;
  useEffect(() => {
    if (elsewhere) window.location.replace(elsewhere);
  }, [elsewhere]);
  if (isPending) return <ArticleLoading />;
  if (isError || !post) return <ArticleNotFound />;
  return <ArticleView post={post} />;
}
