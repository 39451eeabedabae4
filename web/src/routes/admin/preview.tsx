import { PreviewTab } from '@/features/admin/preview/components/PreviewTab';
import { ArticleView } from '@/features/blog/components/ArticleView';
import '@/features/blog/components/article.css';

/**
 * /admin/preview/*: the Preview tab (features/admin/preview). What it shows
 * is the public article component itself, handed in here so the admin
 * feature imports no other feature.
 */
export function AdminPreviewRoute() {
  return <PreviewTab renderArticle={(post) => <ArticleView post={post} />} />;
}
