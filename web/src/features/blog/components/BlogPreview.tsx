import { Link } from 'react-router';
import { LatestPosts } from './LatestPosts';

/** Home page item 10: the three newest articles and a link to all of them. */
export function BlogPreview() {
  return (
    <section className="section" aria-labelledby="blog-preview-heading">
      <div className="container">
        <div className="section__header">
          <h2 id="blog-preview-heading">Drain &amp; Sewer Tips From Our Blog</h2>
          <Link to="/resources">View all articles</Link>
        </div>
        <LatestPosts />
      </div>
    </section>
  );
}
