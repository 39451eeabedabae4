import { PostsTab } from '@/features/admin/posts/components/PostsTab';
import { ArticleView } from '@/features/blog/components/ArticleView';
import { renderBody } from '@/features/blog/utils/render-body';
import '@/features/blog/components/article.css';

/**
 * /admin/posts/*: the Blog Posts tab (features/admin/posts). The preview is
 * the public article component itself and bodies are shown through the
 * public renderer, handed in here so the admin feature imports no other.
 */
export function AdminPostsRoute() {
  return <PostsTab toHtml={renderBody} renderPreview={(post) => <ArticleView post={post} />} />;
}
