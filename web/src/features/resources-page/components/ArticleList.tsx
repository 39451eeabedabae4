import { Link } from 'react-router';
import { articlePublishedAt, resourceArticles, type ResourceArticle } from '@/content/resources';
import { formatLongDate } from '@/lib/format-date';

/** The nine articles as cards; each whole card links to /blog/{id}. */
export function ArticleList() {
  return (
    <section className="section resources-articles" aria-labelledby="resources-articles-heading">
      <div className="container">
        <div className="section__header">
          <h2 id="resources-articles-heading">Articles and guides</h2>
          <p className="resources-count">{resourceArticles.length} articles</p>
        </div>
        <ul className="card-grid">
          {resourceArticles.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ArticleCard({ article }: { article: ResourceArticle }) {
  return (
    <article className="card card--link resources-article">
      <p className="resources-article__category">{article.category}</p>
      <h3 className="card__title">
        <Link to={`/blog/${encodeURIComponent(article.id)}`}>{article.title}</Link>
      </h3>
      <p className="card__text">{article.excerpt}</p>
      <p className="card__meta">
        <time dateTime={article.date}>{formatLongDate(articlePublishedAt(article.date))}</time>
        <span aria-hidden="true"> · </span>
        <span className="visually-hidden">, </span>
        {article.readTimeMinutes} min read
      </p>
    </article>
  );
}
