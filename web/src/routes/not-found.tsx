import { Trans, useLingui } from '@lingui/react/macro';
import { business } from '@/config/business';
import { DocumentHead, NOINDEX } from '@/components/DocumentHead';
import { SmartLink } from '@/components/SmartLink';

/** Any path without a route (SPEC §2 404 page, §8), in the page's language. */
export function NotFoundRoute() {
  const { t } = useLingui();
  const { companyName, phone } = business;
  return (
    <section className="container page-message" aria-labelledby="not-found-heading">
      <DocumentHead title={t`Page Not Found | ${companyName}`} meta={NOINDEX} />
      <h1 id="not-found-heading">
        <Trans>404 - Page Not Found</Trans>
      </h1>
      <p>
        <Trans>The page you're looking for doesn't exist or may have been moved.</Trans>
      </p>
      <div className="button-row">
        <SmartLink to="/" className="button button--primary">
          <Trans>Go Home</Trans>
        </SmartLink>
        <a href={business.phoneHref} className="button">
          <Trans>Call {phone}</Trans>
        </a>
      </div>
    </section>
  );
}
