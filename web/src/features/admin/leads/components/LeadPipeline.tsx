import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FieldError } from '@/components/staff/FieldError';
import { formatDateTime, formatRelativeTime, parseTimestamp } from '@/components/staff/format';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api-errors';
import { useAssignees } from '../api/get-assignees';
import type { Lead } from '../api/list-leads';
import { useLoadedLeads } from '../api/loaded-leads';
import { useUpdateLead, type LeadChange } from '../api/update-lead';
import { PIPELINE_STATUSES } from '../utils/lead-labels';
import { firstResponseText, isOverdue } from '../utils/reply-due';
import { seenValues } from '../utils/seen-values';
import { useStaffEmail } from './lead-options';

type PipelineProps = { lead: Lead; now: Date; announce: (message: string) => void };

/**
 * Where the lead stands: its status (each change is recorded with who and
 * when, and the first one answers the lead), who works it, and its first
 * response against the 24-hour promise.
 */
export function LeadPipeline({ lead, now, announce }: PipelineProps) {
  const update = useUpdateLead();
  const id = useId();
  const status = lead.isSpam ? 'spam' : lead.status || 'new';
  const response = firstResponseText(lead, now);
  const overdue = isOverdue(lead, now);
  const changedAt = parseTimestamp(lead.updatedAt);

  const change = (what: LeadChange, said: string) =>
    update.mutate(
      { id: lead.id, ...what },
      {
        onSuccess: () => announce(said),
        onError: (err) =>
          toast({ variant: 'destructive', title: 'Error', description: serverMessage(err) ?? 'Failed to update the lead' }),
      },
    );

  return (
    <section className="admin-card lead-section lead-pipeline" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="lead-section__title">
        Pipeline
      </h2>
      {response && (
        <p className={overdue ? 'lead-response lead-response--overdue' : 'lead-response'} data-testid="first-response">
          {response}
        </p>
      )}

      <fieldset className="lead-pipeline__status" disabled={update.isPending}>
        <legend>Status</legend>
        <div className="lead-status-buttons">
          {PIPELINE_STATUSES.map((s) => (
            <button
              key={s.value}
              type="button"
              className={status === s.value ? 'button button--small lead-status-button--current' : 'button button--small'}
              aria-pressed={status === s.value}
              onClick={() => status !== s.value && change({ status: s.value }, `Status changed to ${s.label}`)}
            >
              {s.label}
            </button>
          ))}
        </div>
        <p className="lead-pipeline__spam">
          {status === 'spam' ? (
            <>
              This lead is spam.{' '}
              <button type="button" className="staff-linkbutton" onClick={() => change({ status: 'new' }, 'Marked as not spam')}>
                Not spam: back to New
              </button>
            </>
          ) : (
            <button type="button" className="staff-linkbutton staff-linkbutton--danger" onClick={() => change({ status: 'spam' }, 'Marked as spam')}>
              Mark as spam
            </button>
          )}
        </p>
      </fieldset>
      {changedAt && lead.updatedBy && (
        <p className="staff-note">
          Last change by {lead.updatedBy},{' '}
          <time dateTime={lead.updatedAt ?? undefined} title={formatDateTime(changedAt)}>
            {formatRelativeTime(changedAt, now)}
          </time>
        </p>
      )}

      <AssigneeControl lead={lead} pending={update.isPending} onChange={change} />
    </section>
  );
}

const assignSchema = z.object({
  email: z.string().trim().min(1, 'Enter the e-mail of the person to assign').max(254).email('Enter an e-mail address, like name@example.com'),
});
type AssignValues = z.infer<typeof assignSchema>;

function AssigneeControl({
  lead,
  pending,
  onChange,
}: {
  lead: Lead;
  pending: boolean;
  onChange: (what: LeadChange, said: string) => void;
}) {
  const me = useStaffEmail();
  const id = useId();
  const seen = seenValues(useLoadedLeads(), me ? [me] : []);
  // The staff who work the leads (the server refuses anyone else); until
  // they load, the people already seen on leads.
  const people = useAssignees().data ?? seen.assignees;
  const form = useForm<AssignValues>({ resolver: zodResolver(assignSchema), defaultValues: { email: '' } });
  const error = form.formState.errors.email?.message;
  const assignee = lead.assignee;

  return (
    <div className="lead-assignee">
      <h3 className="lead-assignee__title">Assigned to</h3>
      <p className="lead-assignee__who">{assignee ? <strong>{assignee}</strong> : <span className="lead-none">Nobody yet</span>}</p>
      <div className="lead-assignee__actions">
        {me && assignee !== me && (
          <button type="button" className="button button--small" disabled={pending} onClick={() => onChange({ assignee: me }, 'Assigned to you')}>
            Assign to me
          </button>
        )}
        {assignee && (
          <button type="button" className="button button--small" disabled={pending} onClick={() => onChange({ assignee: '' }, 'Unassigned')}>
            Unassign
          </button>
        )}
      </div>
      <form
        className="lead-assignee__form"
        noValidate
        onSubmit={form.handleSubmit(({ email }) => {
          onChange({ assignee: email }, `Assigned to ${email}`);
          form.reset();
        })}
      >
        <div className="staff-field">
          <label htmlFor={`${id}-email`}>Assign to someone else</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            list={`${id}-people`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            {...form.register('email')}
          />
          {error ? (
            <FieldError id={`${id}-error`} message={error} />
          ) : (
            <p id={`${id}-hint`} className="staff-field__hint">
              A colleague who works the leads (their e-mail address).
            </p>
          )}
          <datalist id={`${id}-people`}>
            {people.map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
        </div>
        <button type="submit" className="button button--small" disabled={pending}>
          Assign
        </button>
      </form>
    </div>
  );
}

