import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Fact, Facts } from '@/components/staff/Facts';
import { formatDateTime, formatRelativeTime, parseTimestamp } from '@/components/staff/format';
import { useNow } from '@/components/staff/use-now';
import { useUpdateEndpoint } from '../api/update-endpoint';
import type { WebhookEndpoint } from '../api/webhook-json';
import { templateNames } from '../utils/body-template';
import { disabledBadge, disabledReasonText, endpointName, eventsText, sendingText } from '../utils/webhook-labels';
import { EndpointActions } from './EndpointActions';
import { EndpointForm } from './EndpointForm';
import { SecretPanel, type ShownSecret } from './SecretPanel';
import { SendTestButton } from './SendTestButton';

type EndpointCardProps = {
  endpoint: WebhookEndpoint;
  /** The secret to show once in this card (just added or rotated), or null. */
  secret: ShownSecret | null;
  onSecret: (shown: ShownSecret) => void;
  onSecretDismissed: () => void;
  announce: (message: string) => void;
  /** After a delete, where focus goes (this card is gone). */
  onDeleted: () => void;
};

/** One endpoint: what it is and where it stands, its log, and what can be done to it. */
export function EndpointCard({ endpoint, secret, onSecret, onSecretDismissed, announce, onDeleted }: EndpointCardProps) {
  const id = useId();
  const name = endpointName(endpoint);
  const [editing, setEditing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const update = useUpdateEndpoint();

  const stopEditing = () => {
    setEditing(false);
    // The button is back once the form is gone.
    requestAnimationFrame(() => editButton.current?.focus());
  };

  return (
    <article
      className={endpoint.enabled ? 'admin-card integrations-card' : 'admin-card integrations-card integrations-card--disabled'}
      aria-labelledby={`${id}-name`}
      data-endpoint-id={endpoint.id}
    >
      <header className="integrations-card__head">
        <h2 id={`${id}-name`} className="integrations-card__name" ref={heading} tabIndex={-1}>
          {name}
        </h2>
        <EndpointState endpoint={endpoint} />
      </header>

      {secret && (
        <SecretPanel
          shown={secret}
          onDismiss={() => {
            onSecretDismissed();
            heading.current?.focus();
          }}
        />
      )}

      {editing ? (
        <EndpointForm
          endpoint={endpoint}
          submitLabel="Save changes"
          pendingLabel="Saving…"
          onCancel={stopEditing}
          save={async (input) => {
            await update.mutateAsync({ id: endpoint.id, change: input });
            announce(`Changes to ${name} saved`);
            stopEditing();
          }}
        />
      ) : (
        <>
          <EndpointFacts endpoint={endpoint} />
          <div className="integrations-card__actions">
            <Link to={`/admin/integrations/${endpoint.id}`} className="button button--small button--primary">
              Delivery log<span className="visually-hidden"> of {name}</span>
            </Link>
            <button
              ref={editButton}
              type="button"
              className="button button--small"
              onClick={() => setEditing(true)}
            >
              Edit<span className="visually-hidden"> {name}</span>
            </button>
            <SendTestButton endpointId={endpoint.id} name={name} />
            <EndpointActions endpoint={endpoint} name={name} announce={announce} onSecret={onSecret} onDeleted={onDeleted} />
          </div>
        </>
      )}
    </article>
  );
}

/** "Enabled", or "Disabled: 410 Gone" with the reason in words. */
export function EndpointState({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (endpoint.enabled) return <span className="admin-status admin-status--published">Enabled</span>;
  return (
    <span className="admin-status admin-status--scheduled integrations-status--disabled" title={disabledReasonText(endpoint.disabledReason)}>
      {disabledBadge(endpoint.disabledReason)}
    </span>
  );
}

function EndpointFacts({ endpoint }: { endpoint: WebhookEndpoint }) {
  const now = useNow();
  const created = parseTimestamp(endpoint.createdAt);
  const failing = parseTimestamp(endpoint.failingSince);
  const overlap = parseTimestamp(endpoint.previousSecretExpiresAt);
  const names = templateNames(endpoint.bodyTemplate);
  return (
    <Facts>
      <Fact label="URL" wide>
        <code className="integrations-url">{endpoint.url}</code>
      </Fact>
      <Fact label="Events">{eventsText(endpoint.events)}</Fact>
      <Fact label="Sending">{sendingText(endpoint)}</Fact>
      {failing && (
        <Fact label="Failing since">
          <span className="integrations-failing">
            <time dateTime={endpoint.failingSince} title={formatDateTime(failing)}>
              {formatDateTime(failing)}
            </time>{' '}
            ({formatRelativeTime(failing, now)})
          </span>
        </Fact>
      )}
      <Fact label="Body">
        {endpoint.bodyTemplate
          ? `Body template${names.length > 0 ? ` (${names.length === 1 ? '1 field' : `${names.length} fields`})` : ''}`
          : 'The standard event'}
      </Fact>
      <Fact label="Signing secret">
        {endpoint.secretHint ? (
          <>
            Ends in <code>{endpoint.secretHint}</code>
          </>
        ) : (
          'Hidden'
        )}
        {overlap && (
          <span className="staff-fact__more">
            The previous secret also signs until <time dateTime={endpoint.previousSecretExpiresAt}>{formatDateTime(overlap)}</time>.
          </span>
        )}
      </Fact>
      <Fact label="Added">
        {created ? <time dateTime={endpoint.createdAt}>{formatDateTime(created)}</time> : '—'}
        {endpoint.createdBy && ` by ${endpoint.createdBy}`}
      </Fact>
    </Facts>
  );
}
