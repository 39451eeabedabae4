import { RootLayout } from '@/components/RootLayout';
import { business } from '@/config/business';
import { DocumentHead } from '@/components/DocumentHead';

/** Shown instead of a route that threw while loading or rendering. */
export function RouteErrorRoute({ error }: { error: unknown }) {
  console.error(error);
  return (
    <RootLayout>
      <section className="container page-message">
        <DocumentHead title={`Something went wrong | ${business.companyName}`} />
        <h1>Something went wrong</h1>
        <p>Please reload the page. If it keeps happening, call us at {business.phone}.</p>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            Reload page
          </button>
          <a href={business.phoneHref} className="button">
            Call {business.phone}
          </a>
        </div>
      </section>
    </RootLayout>
  );
}
