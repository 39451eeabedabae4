import { PostsTab } from '@/features/admin/posts/components/PostsTab';
import { RenderedPreview } from '@/features/admin/posts/components/RenderedPreview';
import { ArticleView } from '@/features/blog/components/ArticleView';
import '@/features/blog/components/article.css';

/**
 * /admin/posts/*: the Blog Posts tab (features/admin/posts). The preview is
 * the public article component itself, handed in here so the admin feature
 * imports no other; bodies are rendered by the content service.
 */
export function AdminPostsRoute() {
  return <PostsTab renderPreview={(post) => <RenderedPreview post={post} render={(p) => <ArticleView post={p} />} />} />;
}
