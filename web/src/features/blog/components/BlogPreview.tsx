import { Link } from 'react-router';
import { Editable } from '@/features/editable-content';
import { LatestPosts } from './LatestPosts';

/** Home page item 10: the three newest articles and a link to all of them. */
export function BlogPreview() {
  return (
    <section className="section" aria-labelledby="blog-preview-heading">
      <div className="container">
        <div className="section__header">
          <Editable contentKey="home.blog.title" as="h2" id="blog-preview-heading">
            Drain & Sewer Tips From Our Blog
          </Editable>
          <Link to="/resources">View all articles</Link>
        </div>
        <LatestPosts />
      </div>
    </section>
  );
}
