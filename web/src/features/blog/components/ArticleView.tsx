import '@/locales/resources/en';
import { useLingui } from '@lingui/react/macro';
import { CallLink } from '@/components/CallLink';
import { SmartLink } from '@/components/SmartLink';
import { business } from '@/config/business';
import { absoluteUrl } from '@/config/site';
import { useLocale } from '@/i18n/use-locale';
import { formatLongDate } from '@/lib/format-date';
import type { BlogPost } from '../types';
import { DATE_TOKEN, isTemplateToken } from '../utils/article-template';
import { articleHeadLinks, postPath } from '../utils/article-path';
import { categoryName } from '../utils/categories';
import { ShareButtons } from './ShareButtons';
import { DocumentHead } from '@/components/DocumentHead';

/**
 * Shown when a post has no image of its own (SPEC §2 "default image if
 * none"); the content service sends it as the hero of such a post.
 */
export const DEFAULT_ARTICLE_IMAGE = '/images/article-default.svg';

/** The hero as the content service describes it; older answers without it fall back to imageUrl. */
function hero(post: BlogPost) {
  const src = post.heroImage?.src || post.imageUrl || DEFAULT_ARTICLE_IMAGE;
  return {
    src,
    srcset: post.heroImage?.srcset || `${src} 1200w`,
    width: post.heroImage?.width || 1200,
    height: post.heroImage?.height || 630,
  };
}

/** An image address for a head tag: a site path made absolute (shared links need the whole address). */
function absoluteImage(url: string): string {
  return url.startsWith('/') ? absoluteUrl(url) : url;
}

/**
 * The article's head, as the gateway writes it in the served page (issue 28):
 * the post's SEO title, description and social image where staff set them,
 * else its title, excerpt and own image. In the browser it keeps <head> right
 * after client-side navigation; in the prerendered template the gateway
 * replaces these tags with the post's own.
 */
export function articleHead(post: BlogPost): { title: string; meta: Record<string, string>[]; links: Record<string, string>[] } {
  // (`?.`: the article template's post has none of the three.)
  const title = post.seoTitle?.trim() || post.title;
  const description = post.seoDescription?.trim() || post.excerpt;
  const image = post.socialImageUrl?.trim() || post.imageUrl;
  // Its address in its own language, and its translation's (issue 40).
  const url = absoluteUrl(postPath(post));
  return {
    title: `${title} | ${business.companyName}`,
    meta: [
      { name: 'description', content: description },
      { property: 'og:type', content: 'article' },
      { property: 'og:title', content: title },
      { property: 'og:description', content: description },
      { property: 'og:url', content: url },
      { property: 'og:site_name', content: business.companyName },
      ...(image ? [{ property: 'og:image', content: absoluteImage(image) }] : []),
    ],
    links: articleHeadLinks(post, absoluteUrl),
  };
}

/**
 * A loaded article in SPEC §2's order: hero image, category badge, date,
 * read time, title, excerpt, share, body, footer, calls to action, then the
 * link to all articles.
 */
export function ArticleView({ post }: { post: BlogPost }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  // The body arrives rendered and sanitised by the content service, the one
  // renderer (ADR 0003); the edge serves the same HTML in the page.
  const body = post.bodyHtml ?? '';
  const date = isTemplateToken(post.publishedAt) ? DATE_TOKEN : post.publishedAt ? formatLongDate(post.publishedAt, locale) : '';
  const image = hero(post);
  const category = categoryName(i18n, post.category);
  const minutes = post.readTimeMinutes;
  // Its own message (not the resources list's, whose Spanish says the article is in English).
  const readTime = t({ message: `${minutes} min read`, context: 'article page' });
  return (
    <article className="article" aria-labelledby="article-title">
      <DocumentHead {...articleHead(post)} />
      <img
        className="article__hero"
        src={image.src}
        srcSet={image.srcset}
        sizes="100vw"
        alt=""
        width={image.width}
        height={image.height}
        fetchPriority="high"
      />
      <div className="container article__inner">
        <header className="article__header">
          <p className="article__meta">
            <span className="article__badge">{category}</span>
            {date && <time dateTime={post.publishedAt ?? undefined}>{date}</time>}
            <span>{readTime}</span>
          </p>
          <h1 id="article-title">{post.title}</h1>
          <p className="article__excerpt">{post.excerpt}</p>
          <ShareButtons title={post.title} text={post.excerpt} />
        </header>
        <div className="article__body" dangerouslySetInnerHTML={{ __html: body }} />
        <footer className="article__footer">
          <dl>
            {date && (
              <div>
                <dt>{t`Published`}</dt>
                <dd>
                  <time dateTime={post.publishedAt ?? undefined}>{date}</time>
                </dd>
              </div>
            )}
            <div>
              <dt>{t`Reading time`}</dt>
              <dd>{readTime}</dd>
            </div>
            <div>
              <dt>{t`Category`}</dt>
              <dd>{category}</dd>
            </div>
          </dl>
        </footer>
        <section className="article__cta" aria-labelledby="article-cta-heading">
          <h2 id="article-cta-heading">{t`Want to know what is under your home?`}</h2>
          <p>{t`A camera inspection shows your drain line on screen. It is free with any estimate.`}</p>
          <div className="button-row">
            <SmartLink to="/contact#contact" className="button button--primary">
              {t`Schedule a Free Consultation`}
            </SmartLink>
            <CallLink className="button" />
          </div>
        </section>
        <p className="article__all">
          <SmartLink to="/resources">{t`← All articles and resources`}</SmartLink>
        </p>
      </div>
    </article>
  );
}
