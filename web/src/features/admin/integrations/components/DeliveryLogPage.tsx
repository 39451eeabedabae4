import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { LoadFailedAlert } from '@/components/staff/LoadFailedAlert';
import { Spinner } from '@/components/staff/Spinner';
import cardTableCss from '@/components/staff/card-table.css?url';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';
import { useNow } from '@/components/staff/use-now';
import { errorMessage } from '@/lib/api-client';
import { loadedDeliveries, useDeliveries } from '../api/list-deliveries';
import { useEndpoints } from '../api/list-endpoints';
import type { WebhookEndpoint } from '../api/webhook-json';
import { endpointName, eventsText } from '../utils/webhook-labels';
import deliveryLogCss from './delivery-log.css?url';
import { DeliveryRow } from './DeliveryRow';
import { EndpointState } from './EndpointCard';
import { ResendSinceForm } from './ResendSinceForm';
import { SendTestButton } from './SendTestButton';

function BackLink() {
  return (
    <Link to="/admin/integrations" className="integrations-back">
      ← Back to integrations
    </Link>
  );
}

/** /admin/integrations/{id}: one endpoint's deliveries, newest first, with their attempts. */
export function DeliveryLogPage({ announce }: { announce: (message: string) => void }) {
  const { id = '' } = useParams();
  const endpoints = useEndpoints();
  if (endpoints.isPending) return <Spinner label="Loading the endpoint…" />;
  if (!endpoints.data) {
    return (
      <div className="integrations-tab">
        <BackLink />
        <h1 className="integrations-title">Delivery log</h1>
        <LoadFailedAlert subject="The endpoint" error={endpoints.error} onRetry={() => void endpoints.refetch()} />
      </div>
    );
  }
  const endpoint = endpoints.data.find((e) => e.id === id);
  if (!endpoint) {
    return (
      <div className="integrations-tab">
        <BackLink />
        <div className="admin-card">
          <h1 className="integrations-title">Endpoint not found</h1>
          <p>There is no endpoint at this address. It may have been deleted.</p>
        </div>
      </div>
    );
  }
  return <DeliveryLog endpoint={endpoint} announce={announce} />;
}

function DeliveryLog({ endpoint, announce }: { endpoint: WebhookEndpoint; announce: (message: string) => void }) {
  const name = endpointName(endpoint);
  const deliveries = useDeliveries(endpoint.id);
  const now = useNow();
  const all = loadedDeliveries(deliveries.data);
  const refresh = useCallback(() => void deliveries.refetch(), [deliveries]);

  return (
    <div className="integrations-tab integrations-log">
      <StaffStylesheet href={cardTableCss} />
      <StaffStylesheet href={deliveryLogCss} />
      <BackLink />
      <header className="integrations-log__head">
        <div>
          <h1 className="integrations-title">Delivery log: {name}</h1>
          <p className="integrations-log__url">
            <code className="integrations-url">{endpoint.url}</code>
          </p>
          <p className="staff-note">
            <EndpointState endpoint={endpoint} /> {eventsText(endpoint.events)}
          </p>
        </div>
        <div className="integrations-log__actions">
          <SendTestButton endpointId={endpoint.id} name={name} />
        </div>
      </header>

      <ResendSinceForm endpointId={endpoint.id} announce={announce} />

      <section className="integrations-deliveries" aria-labelledby="integrations-deliveries-title">
        <div className="integrations-deliveries__head">
          <h2 id="integrations-deliveries-title" className="integrations-section-title">
            Deliveries
          </h2>
          <button type="button" className="button button--small" onClick={refresh} disabled={deliveries.isFetching}>
            {deliveries.isFetching && !deliveries.isPending ? 'Refreshing…' : 'Refresh'}
            <span className="visually-hidden"> the deliveries</span>
          </button>
        </div>
        {deliveries.isPending ? (
          <Spinner label="Loading the deliveries…" />
        ) : !deliveries.data ? (
          <LoadFailedAlert subject="The deliveries" error={deliveries.error} onRetry={refresh} />
        ) : all.length === 0 ? (
          <div className="admin-card admin-empty">
            <p>No deliveries yet. Each new lead is sent here the moment it arrives; Send test sends a sample now.</p>
          </div>
        ) : (
          <>
            <div className="card-table-wrap" role="region" aria-label="Deliveries, newest first" tabIndex={0}>
              <table className="admin-table card-table integrations-table">
                <caption className="visually-hidden">Deliveries to {name}, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    <th scope="col">Event</th>
                    <th scope="col">Lead</th>
                    <th scope="col">Status</th>
                    <th scope="col">Attempts</th>
                    <th scope="col">Last answer</th>
                    <th scope="col">Latency</th>
                    <th scope="col">Next attempt</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                {all.map((delivery) => (
                  <DeliveryRow key={delivery.id} delivery={delivery} now={now} announce={announce} />
                ))}
              </table>
            </div>
            {deliveries.error && (
              <div className="staff-alert staff-alert--error" role="alert">
                {deliveries.isFetchNextPageError ? 'More deliveries could not be loaded' : 'The deliveries could not be refreshed'}
                : {errorMessage(deliveries.error)}
              </div>
            )}
            <div className="integrations-more">
              <p className="staff-note">
                {all.length === 1 ? '1 delivery' : `${all.length} deliveries`} shown
                {deliveries.hasNextPage ? '' : ', the oldest last'}
              </p>
              {deliveries.hasNextPage && (
                <button
                  type="button"
                  className="button"
                  onClick={() => void deliveries.fetchNextPage()}
                  disabled={deliveries.isFetchingNextPage}
                >
                  {deliveries.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </button>
              )}
            </div>
          </>
        )}
      </section>
    </div>
  );
}
