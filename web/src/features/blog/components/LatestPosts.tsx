import '@/locales/resources/en';
import { useLingui } from '@lingui/react/macro';
import { SmartLink } from '@/components/SmartLink';
import { useLocale } from '@/i18n/use-locale';
import { formatLongDate } from '@/lib/format-date';
import { BLOG_PREVIEW_LIMIT, useBlogPosts } from '../api/get-blog-posts';
import type { BlogPostSummary } from '../types';
import { postLanguage, postPath } from '../utils/article-path';

/**
 * Home page blog preview: the three newest posts (SPEC §2 Home page, item 10)
 * written in the page's language (issue 40). A Spanish page with no Spanish
 * post yet shows the newest English ones instead, each marked as English
 * (its words lang="en", "(en inglés)", a link to the English page).
 */
export function LatestPosts() {
  const { t } = useLingui();
  const locale = useLocale();
  const own = useBlogPosts({ limit: BLOG_PREVIEW_LIMIT, language: locale });
  const fallback = locale !== 'en' && own.isSuccess && own.data.length === 0;
  const english = useBlogPosts({ limit: BLOG_PREVIEW_LIMIT, language: 'en' }, { enabled: fallback });
  const posts = fallback ? english : own;

  if (posts.isPending) {
    return (
      <div className="card-grid" aria-busy="true">
        <p className="visually-hidden" role="status">
          {t`Loading the latest articles…`}
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
    return <p className="notice">{t`We couldn't load the latest articles right now. Please try again later.`}</p>;
  }

  if (posts.data.length === 0) {
    return <p className="notice">{t`New articles are on the way. Check back soon.`}</p>;
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

/**
 * A post's card, linking to the post in its own language (/blog/… or
 * /es/blog/…). A post in another language than the page's is marked so,
 * and its link loads that language's page in full (as the language switch
 * does: that page's messages come with it).
 */
function PostCard({ post }: { post: BlogPostSummary }) {
  const { t } = useLingui();
  const locale = useLocale();
  const date = post.publishedAt ? formatLongDate(post.publishedAt, locale) : '';
  const language = postLanguage(post);
  const lang = language === locale ? undefined : language;
  return (
    <article className="card card--link">
      <h3 className="card__title" lang={lang}>
        {lang ? (
          <a href={postPath(post)} hrefLang={lang}>
            {post.title}
          </a>
        ) : (
          <SmartLink to={postPath(post)}>{post.title}</SmartLink>
        )}
        {lang && (
          <span className="card__language" lang={locale}>
            {' '}
            {t`(in English)`}
          </span>
        )}
      </h3>
      <p className="card__text" lang={lang}>
        {post.excerpt}
      </p>
      {date && post.publishedAt && (
        <p className="card__meta">
          <time dateTime={post.publishedAt}>{date}</time>
        </p>
      )}
    </article>
  );
}
