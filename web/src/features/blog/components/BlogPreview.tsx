import '@/locales/resources/en';
import { useLingui } from '@lingui/react/macro';
import { SmartLink } from '@/components/SmartLink';
import { Editable } from '@/features/editable-content';
import { LatestPosts } from './LatestPosts';

/** Home page item 10: the three newest articles and a link to all of them (the resources page in the page's language). */
export function BlogPreview() {
  const { t } = useLingui();
  return (
    <section className="section" aria-labelledby="blog-preview-heading">
      <div className="container">
        <div className="section__header">
          <Editable contentKey="home.blog.title" as="h2" id="blog-preview-heading">
            Drain & Sewer Tips From Our Blog
          </Editable>
          <SmartLink to="/resources">{t`View all articles`}</SmartLink>
        </div>
        <LatestPosts />
      </div>
    </section>
  );
}
