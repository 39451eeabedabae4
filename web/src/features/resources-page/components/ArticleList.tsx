import '@/locales/resources/en';
import { Link } from 'react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { articlePublishedAt, type ResourceArticle } from '@/content/resources';
import { useLocalize } from '@/i18n/use-locale';
import { useResourcesCopy } from '../copy';
import { CATEGORY_NAMES } from '@/features/blog/utils/categories';

/** Dates as the content service means them: Arizona's day (it keeps no daylight saving time). */
const LONG_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'America/Phoenix' };

/** The nine articles as cards (in the page's language); each whole card links to /blog/{id}. */
export function ArticleList() {
  const { articles } = useResourcesCopy();
  const count = articles.length;
  return (
    <section className="section resources-articles" aria-labelledby="resources-articles-heading">
      <div className="container">
        <div className="section__header">
          <h2 id="resources-articles-heading">
            <Trans>Articles and guides</Trans>
          </h2>
          <p className="resources-count">
            <Plural value={count} one="# article" other="# articles" />
          </p>
        </div>
        <ul className="card-grid">
          {articles.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * An article's card. The article itself is the English post (/blog/{id}
 * stays as it is on /es/ pages), which the Spanish read-time line says.
 */
function ArticleCard({ article }: { article: ResourceArticle }) {
  const { i18n } = useLingui();
  const localize = useLocalize();
  const minutes = article.readTimeMinutes;
  return (
    <article className="card card--link resources-article">
      <p className="resources-article__category">{i18n._(CATEGORY_NAMES[article.category])}</p>
      <h3 className="card__title">
        <Link to={localize(`/blog/${encodeURIComponent(article.id)}`)}>{article.title}</Link>
      </h3>
      <p className="card__text">{article.excerpt}</p>
      <p className="card__meta">
        <time dateTime={article.date}>{i18n.date(articlePublishedAt(article.date), LONG_DATE)}</time>
        <span aria-hidden="true"> · </span>
        <span className="visually-hidden">, </span>
        <Trans>{minutes} min read</Trans>
      </p>
    </article>
  );
}
