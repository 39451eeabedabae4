import '@/locales/resources/en';
import { useLingui } from '@lingui/react/macro';
import { SmartLink } from '@/components/SmartLink';
import { DocumentHead, NOINDEX } from '@/components/DocumentHead';

/** SPEC §2: a spinner while the article loads. */
export function ArticleLoading() {
  const { t } = useLingui();
  return (
    <div className="container article-state" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t`Loading article…`}</span>
    </div>
  );
}

/** SPEC §2/§8: what an unknown, unpublished or unloadable article shows. */
export function ArticleNotFound() {
  const { t } = useLingui();
  return (
    <section className="container page-message" aria-labelledby="article-missing-heading">
      <DocumentHead meta={NOINDEX} />
      <h1 id="article-missing-heading">{t`Article Not Found`}</h1>
      <p>{t`The article you're looking for doesn't exist or has been removed.`}</p>
      <div className="button-row">
        <SmartLink to="/resources" className="button button--primary">
          {t`Back to Resources`}
        </SmartLink>
      </div>
    </section>
  );
}
