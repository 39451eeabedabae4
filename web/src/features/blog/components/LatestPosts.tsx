import { Link } from 'react-router';
import { formatLongDate } from '@/lib/format-date';
import { BLOG_PREVIEW_LIMIT, useBlogPosts } from '../api/get-blog-posts';
import type { BlogPostSummary } from '../types';

/** Home page blog preview: the three newest posts (SPEC §2 Home page, item 10). */
export function LatestPosts() {
  const posts = useBlogPosts({ limit: BLOG_PREVIEW_LIMIT });

  if (posts.isPending) {
    return (
      <div className="card-grid" aria-busy="true">
        <p className="visually-hidden" role="status">
          Loading the latest articles…
        </p>
        {Array.from({ length: BLOG_PREVIEW_LIMIT }, (_, i) => (
          <div key={i} className="card card--placeholder" aria-hidden="true" data-testid="post-placeholder">
            <span className="placeholder-line placeholder-line--title" />
            <span className="placeholder-line" />
            <span className="placeholder-line placeholder-line--short" />
          </div>
        ))}
      </div>
    );
  }

  if (posts.isError) {
    return <p className="notice">We couldn't load the latest articles right now. Please try again later.</p>;
  }

  if (posts.data.length === 0) {
    return <p className="notice">New articles are on the way. Check back soon.</p>;
  }

  return (
    <ul className="card-grid" aria-busy="false">
      {posts.data.map((post) => (
        <li key={post.id}>
          <PostCard post={post} />
        </li>
      ))}
    </ul>
  );
}

function PostCard({ post }: { post: BlogPostSummary }) {
  const date = post.publishedAt ? formatLongDate(post.publishedAt) : '';
  return (
    <article className="card card--link">
      <h3 className="card__title">
        <Link to={`/blog/${encodeURIComponent(post.slug)}`}>{post.title}</Link>
      </h3>
      <p className="card__text">{post.excerpt}</p>
      {date && post.publishedAt && (
        <p className="card__meta">
          <time dateTime={post.publishedAt}>{date}</time>
        </p>
      )}
    </article>
  );
}
