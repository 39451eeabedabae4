import { useParams } from 'react-router';
import { useBlogPost } from '@/features/blog/api/get-blog-post';
import { ArticleLoading, ArticleNotFound } from '@/features/blog/components/ArticleStates';
import { ArticleView } from '@/features/blog/components/ArticleView';
import '@/features/blog/components/article.css';

/** /blog/{slug}: an article loaded from the server (SPEC §2 "Article page"). */
export function BlogPostRoute() {
  const { data: post, isPending, isError } = useBlogPost(useParams().slug ?? '');
  if (isPending) return <ArticleLoading />;
  if (isError || !post) return <ArticleNotFound />;
  return <ArticleView post={post} />;
}
