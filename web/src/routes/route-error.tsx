import { Trans, useLingui } from '@lingui/react/macro';
import { RootLayout } from '@/components/RootLayout';
import { business } from '@/config/business';
import { DocumentHead } from '@/components/DocumentHead';

/** Shown instead of a route that threw while loading or rendering. */
export function RouteErrorRoute({ error }: { error: unknown }) {
  const { t } = useLingui();
  const { companyName, phone } = business;
  console.error(error);
  return (
    <RootLayout>
      <section className="container page-message">
        <DocumentHead title={t`Something went wrong | ${companyName}`} />
        <h1>
          <Trans>Something went wrong</Trans>
        </h1>
        <p>
          <Trans>Please reload the page. If it keeps happening, call us at {phone}.</Trans>
        </p>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            <Trans>Reload page</Trans>
          </button>
          <a href={business.phoneHref} className="button">
            <Trans>Call {phone}</Trans>
          </a>
        </div>
      </section>
    </RootLayout>
  );
}
