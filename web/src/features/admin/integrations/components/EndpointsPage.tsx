import { useCallback, useId, useRef, useState } from 'react';
import { LoadFailedAlert } from '@/components/staff/LoadFailedAlert';
import { Spinner } from '@/components/staff/Spinner';
import { errorMessage } from '@/lib/api-client';
import { useCreateEndpoint } from '../api/create-endpoint';
import { useEndpoints } from '../api/list-endpoints';
import { MAX_ENDPOINTS } from '../utils/webhook-labels';
import { EndpointCard } from './EndpointCard';
import { EndpointForm } from './EndpointForm';
import type { ShownSecret } from './SecretPanel';

/**
 * /admin/integrations: every webhook endpoint, newest first, and the form
 * to add one. A new or rotated secret is shown once, in its endpoint's card.
 */
export function EndpointsPage({ announce }: { announce: (message: string) => void }) {
  const id = useId();
  const endpoints = useEndpoints();
  const create = useCreateEndpoint();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const list = endpoints.data ?? [];
  const full = list.length >= MAX_ENDPOINTS;

  const closeForm = () => {
    setAdding(false);
    requestAnimationFrame(() => addButton.current?.focus());
  };
  const focusHeading = useCallback(() => heading.current?.focus(), []);

  return (
    <div className="integrations-tab">
      <div className="admin-toolbar">
        <div>
          <h1 ref={heading} tabIndex={-1}>
            Integrations
          </h1>
          <p className="staff-note">Webhooks send each lead to the office’s other systems the moment it arrives.</p>
        </div>
        <button
          ref={addButton}
          type="button"
          className="button button--primary"
          aria-expanded={adding}
          aria-controls={`${id}-add`}
          onClick={() => (adding ? closeForm() : setAdding(true))}
          disabled={full && !adding}
        >
          Add endpoint
        </button>
      </div>
      {full && !adding && (
        <p className="staff-note">There are {MAX_ENDPOINTS} endpoints, the most there can be: delete one to add another.</p>
      )}

      <div id={`${id}-add`}>
        {adding && (
          <section className="admin-card integrations-add" aria-labelledby={`${id}-add-title`}>
            <h2 id={`${id}-add-title`} className="integrations-section-title">
              Add an endpoint
            </h2>
            <EndpointForm
              submitLabel="Add endpoint"
              pendingLabel="Adding…"
              onCancel={closeForm}
              save={async (input) => {
                const { endpoint, secret: shown } = await create.mutateAsync(input);
                setAdding(false);
                setSecret({ endpointId: endpoint.id, secret: shown, kind: 'created', previousExpiresAt: '' });
                announce('Endpoint added. Copy its signing secret now: it will not be shown again.');
              }}
            />
          </section>
        )}
      </div>

      {endpoints.isPending ? (
        <Spinner label="Loading the endpoints…" />
      ) : !endpoints.data ? (
        <LoadFailedAlert subject="The endpoints" error={endpoints.error} onRetry={() => void endpoints.refetch()} />
      ) : list.length === 0 ? (
        adding ? null : <EmptyState />
      ) : (
        <>
          {endpoints.error && (
            <div className="staff-alert staff-alert--error" role="alert">
              The endpoints could not be refreshed: {errorMessage(endpoints.error)}
            </div>
          )}
          <ul className="admin-cards" role="list" aria-label="Webhook endpoints, newest first">
            {list.map((endpoint) => (
              <li key={endpoint.id}>
                <EndpointCard
                  endpoint={endpoint}
                  secret={secret?.endpointId === endpoint.id ? secret : null}
                  onSecret={setSecret}
                  onSecretDismissed={() => setSecret(null)}
                  announce={announce}
                  onDeleted={focusHeading}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** What webhooks are for, before there is one. */
function EmptyState() {
  return (
    <div className="admin-card integrations-empty">
      <h2 className="integrations-section-title">No endpoints yet</h2>
      <p>
        A webhook sends each new lead, the moment it arrives, to another system the office uses: a CRM such as HubSpot,
        ServiceTitan or Jobber, or an automation such as a Zapier or Make hook that passes it on. Nobody has to copy leads
        by hand.
      </p>
      <p>
        Add an endpoint with the address the other system gives you (it starts with https://). Each delivery is signed
        with the endpoint’s secret, so the receiver can tell it came from this site, and is retried for about a day if the
        receiver does not take it. Every attempt is kept in the endpoint’s delivery log.
      </p>
    </div>
  );
}
