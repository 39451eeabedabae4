import { useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/staff/ConfirmDialog';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api-errors';
import { useDeleteEndpoint } from '../api/delete-endpoint';
import { useRotateSecret } from '../api/rotate-secret';
import { useUpdateEndpoint } from '../api/update-endpoint';
import type { WebhookEndpoint } from '../api/webhook-json';
import type { ShownSecret } from './SecretPanel';

type EndpointActionsProps = {
  endpoint: WebhookEndpoint;
  name: string;
  announce: (message: string) => void;
  onSecret: (shown: ShownSecret) => void;
  /** After a delete, where focus goes (the card is gone). */
  onDeleted: () => void;
};

/** A failed action's toast, with the server's words where it has them. */
const failed = (err: unknown, fallback: string) =>
  toast({ variant: 'destructive', title: 'Error', description: serverMessage(err) ?? fallback });

/** Enable or disable at once; rotate the secret and delete after asking. */
export function EndpointActions({ endpoint, name, announce, onSecret, onDeleted }: EndpointActionsProps) {
  const update = useUpdateEndpoint();
  const rotate = useRotateSecret();
  const remove = useDeleteEndpoint();
  const enable = !endpoint.enabled;

  const toggle = () =>
    update.mutate(
      { id: endpoint.id, change: { enabled: enable } },
      {
        onSuccess: () => announce(enable ? `${name} enabled: events are sent to it again` : `${name} disabled: nothing is sent to it`),
        onError: (err) => failed(err, `Failed to ${enable ? 'enable' : 'disable'} the endpoint`),
      },
    );

  return (
    <>
      <button type="button" className="button button--small" onClick={toggle} disabled={update.isPending}>
        {update.isPending ? (enable ? 'Enabling…' : 'Disabling…') : enable ? 'Enable' : 'Disable'}
        <span className="visually-hidden"> {name}</span>
      </button>

      <AskFirst
        button={
          <>
            Rotate secret<span className="visually-hidden"> of {name}</span>
          </>
        }
        title="Rotate the signing secret?"
        description={
          <p>
            A new secret is made for “{name}” and shown once. For 24 hours every delivery is signed with both the old and the new
            secret, so the receiver can switch to the new one without missing a delivery; after that only the new one works.
          </p>
        }
        confirmLabel="Rotate secret"
        pendingLabel="Rotating…"
        pending={rotate.isPending}
        // The new secret's panel takes the focus.
        onConfirm={(close) =>
          rotate.mutate(endpoint.id, {
            onSuccess: ({ endpoint: stored, secret }) => {
              close(true);
              onSecret({ endpointId: stored.id, secret, kind: 'rotated', previousExpiresAt: stored.previousSecretExpiresAt });
            },
            onError: (err) => {
              close(false);
              failed(err, 'Failed to rotate the secret');
            },
          })
        }
      />

      <AskFirst
        button={
          <>
            Delete<span className="visually-hidden"> {name}</span>
          </>
        }
        danger
        title="Delete this endpoint?"
        description={
          <>
            <p>
              Nothing more is sent to “{name}”, and its delivery log is deleted with it. Deliveries still waiting for a retry are
              dropped.
            </p>
            <p>This cannot be undone.</p>
          </>
        }
        confirmLabel="Delete endpoint"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={(close) =>
          remove.mutate(endpoint.id, {
            onSuccess: () => {
              close(true);
              announce(`${name} deleted`);
            },
            onError: (err) => {
              close(false);
              failed(err, 'Failed to delete the endpoint');
            },
          })
        }
        onHandedOff={onDeleted}
      />
    </>
  );
}

type AskFirstProps = {
  /** The button's content. */
  button: ReactNode;
  /** A red button and confirm, for what cannot be undone. */
  danger?: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  /**
   * Runs the action; it calls close(true) when focus must not go back to
   * the button (it is gone, or something new takes the focus), close(false)
   * otherwise.
   */
  onConfirm: (close: (handOff: boolean) => void) => void;
  /** After close(true): where the focus goes (unset: wherever the new content put it). */
  onHandedOff?: () => void;
};

/** A button that asks before it acts (ConfirmDialog: the safe answer has the focus). */
function AskFirst({ button, danger = false, onConfirm, onHandedOff, ...dialog }: AskFirstProps) {
  const [open, setOpen] = useState(false);
  const handedOff = useRef(false);
  const close = (handOff: boolean) => {
    handedOff.current = handOff;
    setOpen(false);
  };
  return (
    <>
      <button type="button" className={danger ? 'button button--small button--danger' : 'button button--small'} onClick={() => setOpen(true)}>
        {button}
      </button>
      <ConfirmDialog
        {...dialog}
        open={open}
        onOpenChange={setOpen}
        destructive={danger}
        onConfirm={() => onConfirm(close)}
        onCloseAutoFocus={(e) => {
          if (!handedOff.current) return;
          handedOff.current = false;
          e.preventDefault();
          onHandedOff?.();
        }}
      />
    </>
  );
}
