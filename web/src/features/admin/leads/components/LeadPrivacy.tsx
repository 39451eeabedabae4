import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { formatDateTime, parseTimestamp } from '@/components/staff/format';
import { Spinner } from '@/components/staff/Spinner';
import { errorMessage } from '@/lib/api-client';
import { useErasePerson, type ErasePersonResult } from '../api/erase-person';
import type { Lead } from '../api/list-leads';
import { useErasurePreview, type ErasurePreview } from '../api/preview-erasure';
import {
  CONFIRM_WORD,
  eraseButtonLabel,
  erasedMatches,
  erasedSummary,
  erasureCount,
  erasureResultText,
  isConfirmed,
} from '../utils/erasure';
import { optionLabel, statusLabel } from '../utils/lead-labels';
import { useLeadOptions } from './lead-options';

/**
 * The lead page's privacy card. For a role that may erase (owners): what
 * erasing does, and the button that opens the dialog (a homeowner who asks
 * to be forgotten is erased here: this lead and, as chosen, every lead
 * with the same e-mail or phone). Once the lead is erased, for everyone:
 * when it was. The dialog stays open over the erased lead until its result
 * is read.
 */
export function LeadPrivacy({ lead, mayErase, announce }: { lead: Lead; mayErase: boolean; announce: (message: string) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  // While the erase is being sent the dialog cannot be closed; once it is
  // done the button that opened it is gone, so closing focuses the heading.
  const busy = useRef(false);
  const erased = useRef(false);
  const cancel = useRef<HTMLButtonElement>(null);
  if (!mayErase) return lead.erasedAt ? <ErasedNotice erasedAt={lead.erasedAt} /> : null;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (busy.current ? undefined : setOpen(next))}>
      {lead.erasedAt ? (
        <ErasedNotice erasedAt={lead.erasedAt} />
      ) : (
        <section className="admin-card lead-section lead-privacy" aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`} className="lead-section__title">
            Personal data
          </h2>
          <p>
            If this homeowner asks for their data to be deleted, erase it here. Their name, e-mail, phone, address,
            descriptions, browser and campaign details and the staff’s notes go, on this lead and on their other leads;
            the dates, status, city and source stay, so the dashboard’s figures do not change. It cannot be undone.
          </p>
          <Dialog.Trigger asChild>
            <button type="button" className="button button--danger">
              Erase this person’s data
            </button>
          </Dialog.Trigger>
        </section>
      )}
      <Dialog.Portal>
        <Dialog.Overlay className="staff-dialog__overlay" />
        <Dialog.Content
          className="staff-dialog lead-erase"
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            cancel.current?.focus();
          }}
          onCloseAutoFocus={(e) => {
            if (!erased.current) return; // back to the button that opened it
            e.preventDefault();
            document.querySelector<HTMLElement>('.lead-title')?.focus();
          }}
        >
          <EraseDialog
            lead={lead}
            cancel={cancel}
            announce={announce}
            onBusy={(b) => (busy.current = b)}
            onErased={() => (erased.current = true)}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type EraseDialogProps = {
  lead: Lead;
  cancel: RefObject<HTMLButtonElement | null>;
  announce: (message: string) => void;
  onBusy: (busy: boolean) => void;
  onErased: () => void;
};

/**
 * The erase, asked first: how many leads share the lead's e-mail and
 * phone (read from the server as it opens), which of them go, the word
 * typed to confirm, then what was erased. Focus starts on Cancel, which
 * stays the same button while the counts load; after the erase it moves to
 * the result. Mounted while the dialog is open: each opening starts afresh.
 */
function EraseDialog({ lead, cancel, announce, onBusy, onErased }: EraseDialogProps) {
  const formId = useId();
  const preview = useErasurePreview(lead.id, true);
  const erase = useErasePerson();
  const [result, setResult] = useState<ErasePersonResult | null>(null);
  // The choices default to every match the counts show.
  const [byEmail, setByEmail] = useState<boolean | null>(null);
  const [byPhone, setByPhone] = useState<boolean | null>(null);
  const [typed, setTyped] = useState('');
  const done = useRef<HTMLDivElement>(null);

  const p = preview.data;
  const choice = { byEmail: byEmail ?? (p ? p.byEmail > 0 : false), byPhone: byPhone ?? (p ? p.byPhone > 0 : false) };
  const n = p ? erasureCount(p, choice.byEmail, choice.byPhone) : 0;
  const ready = isConfirmed(typed) && !erase.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    onBusy(true);
    erase.mutate(
      { leadId: lead.id, ...choice },
      {
        onSuccess: (r) => {
          onErased();
          setResult(r);
          announce(erasedSummary(r));
          // The result replaces the form: the focus goes to it, not to the page behind.
          requestAnimationFrame(() => done.current?.focus());
        },
        onSettled: () => onBusy(false),
      },
    );
  };

  return (
    <>
      <Dialog.Title className="staff-dialog__title">{result ? 'Personal data erased' : 'Erase this person’s data?'}</Dialog.Title>
      {result ? (
        <Dialog.Description asChild>
          <div className="staff-dialog__body" role="status" tabIndex={-1} ref={done}>
            {erasureResultText(result).map((line) => (
              <p key={line}>{line}</p>
            ))}
            <p>
              Copies outside this site are not erased by it: the office’s mailbox, and systems that received the leads (a
              CRM through a webhook) must be cleaned there.
            </p>
          </div>
        </Dialog.Description>
      ) : preview.isPending ? (
        <>
          <Dialog.Description className="visually-hidden">Finding the person’s leads.</Dialog.Description>
          <Spinner label="Finding the person’s leads…" />
        </>
      ) : preview.isError ? (
        <Dialog.Description asChild>
          <div className="staff-alert staff-alert--error" role="alert">
            The person’s leads could not be found: {errorMessage(preview.error)}
          </div>
        </Dialog.Description>
      ) : (
        <EraseForm
          id={formId}
          lead={lead}
          preview={preview.data}
          choice={choice}
          onChoice={(c) => {
            setByEmail(c.byEmail);
            setByPhone(c.byPhone);
          }}
          typed={typed}
          onTyped={setTyped}
          error={erase.isError ? errorMessage(erase.error) : ''}
          onSubmit={submit}
        />
      )}
      <div className="staff-dialog__actions">
        {result ? (
          <Dialog.Close asChild>
            <button type="button" className="button button--primary">
              Close
            </button>
          </Dialog.Close>
        ) : (
          <>
            <Dialog.Close asChild>
              <button ref={cancel} type="button" className="button" disabled={erase.isPending}>
                Cancel
              </button>
            </Dialog.Close>
            {preview.isError && (
              <button type="button" className="button" onClick={() => void preview.refetch()}>
                Try again
              </button>
            )}
            {p && (
              <button
                type="submit"
                form={formId}
                className="button button--danger-solid"
                disabled={!ready}
                aria-busy={erase.isPending || undefined}
              >
                {erase.isPending ? 'Erasing…' : eraseButtonLabel(n)}
              </button>
            )}
          </>
        )}
      </div>
    </>
  );
}

type Choice = { byEmail: boolean; byPhone: boolean };

type EraseFormProps = {
  id: string;
  lead: Lead;
  preview: ErasurePreview;
  choice: Choice;
  onChoice: (c: Choice) => void;
  typed: string;
  onTyped: (typed: string) => void;
  error: string;
  onSubmit: (e: FormEvent) => void;
};

/** The counts, the choice of matches, the leads they cover and the typed word (its buttons are the dialog's). */
function EraseForm({ id, lead, preview, choice, onChoice, typed, onTyped, error, onSubmit }: EraseFormProps) {
  const options = useLeadOptions();
  const n = erasureCount(preview, choice.byEmail, choice.byPhone);
  const listed = erasedMatches(preview, lead.id, choice.byEmail, choice.byPhone);
  return (
    <form id={id} onSubmit={onSubmit} noValidate>
      <Dialog.Description asChild>
        <div className="staff-dialog__body">
          <p>
            Their name, e-mail, phone, address, descriptions, browser and campaign details and the staff’s notes are
            erased from these leads, and their messages are removed from the lead stream. The dates, status, city and
            source stay for the dashboard. This cannot be undone.
          </p>
        </div>
      </Dialog.Description>
      <fieldset className="lead-erase__choices">
        <legend>Which of their leads</legend>
        <label className="lead-erase__choice">
          <input
            type="checkbox"
            checked={choice.byEmail}
            disabled={preview.byEmail === 0}
            onChange={(e) => onChoice({ ...choice, byEmail: e.currentTarget.checked })}
          />
          <span>
            Every lead with the e-mail <strong className="lead-erase__value">{lead.email}</strong> ({preview.byEmail})
          </span>
        </label>
        <label className="lead-erase__choice">
          <input
            type="checkbox"
            checked={choice.byPhone}
            disabled={preview.byPhone === 0}
            onChange={(e) => onChoice({ ...choice, byPhone: e.currentTarget.checked })}
          />
          <span>
            Every lead with the phone <strong className="lead-erase__value">{lead.phone}</strong>{' '}
            {preview.byPhone === 0 ? '(too few digits to match others)' : `(${preview.byPhone})`}
          </span>
        </label>
      </fieldset>
      <p className="lead-erase__count" aria-live="polite">
        {n === 1 ? 'Only this lead will be erased.' : `${n} leads will be erased, this one included.`}
      </p>
      {listed.length > 0 && (
        <ul className="lead-erase__list" aria-label="The leads to erase, newest first" tabIndex={0}>
          {listed.map((m) => {
            const at = parseTimestamp(m.createdAt);
            return (
              <li key={m.id}>
                <span className="lead-erase__name">{`${m.firstName} ${m.lastName}`.trim() || 'No name'}</span>
                <span className="lead-erase__meta">
                  {[at && formatDateTime(at), m.city && optionLabel(options.cities, m.city), statusLabel(m.status)]
                    .filter(Boolean)
                    .join(' · ')}
                  {m.id === lead.id && ' · this lead'}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {n > listed.length && <p className="staff-note">The list shows the newest {listed.length}.</p>}
      <div className="staff-field">
        <label htmlFor={`${id}-confirm`}>Type {CONFIRM_WORD} to confirm</label>
        <input
          id={`${id}-confirm`}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={typed}
          onChange={(e) => onTyped(e.currentTarget.value)}
          aria-describedby={`${id}-confirm-hint`}
        />
        <p id={`${id}-confirm-hint`} className="staff-note">
          The erase button works once the word is typed.
        </p>
      </div>
      {error && (
        <div className="staff-alert staff-alert--error" role="alert">
          The data could not be erased: {error}
        </div>
      )}
    </form>
  );
}

/** What an erased lead's page says in place of the privacy card. */
export function ErasedNotice({ erasedAt }: { erasedAt: string }) {
  const at = parseTimestamp(erasedAt);
  return (
    <p className="lead-erased-note">
      This homeowner’s personal data was erased
      {at && (
        <>
          {' '}
          on <time dateTime={erasedAt}>{formatDateTime(at)}</time>
        </>
      )}
      , on their request or because the lead passed the retention period. Its dates, status, city and source remain
      for the dashboard.
    </p>
  );
}
