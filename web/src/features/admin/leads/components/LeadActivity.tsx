import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FieldError } from '@/components/staff/FieldError';
import { formatDateTime, formatRelativeTime, parseTimestamp } from '@/components/staff/format';
import { ShowMore } from '@/components/staff/ShowMore';
import { LoadFailedAlert } from '@/components/staff/LoadFailedAlert';
import { Spinner } from '@/components/staff/Spinner';
import { useShowMore } from '@/components/staff/use-show-more';
import { errorMessage } from '@/lib/api-client';
import { showServerFieldErrors } from '@/lib/form-errors';
import { NOTE_MAX_LENGTH, useAddLeadNote } from '../api/add-lead-note';
import { loadedActivity, useLeadActivity, type LeadActivity as Entry } from '../api/get-lead-activity';
import type { Lead } from '../api/list-leads';
import { activityShownText, describeActivity } from '../utils/activity';

const noteSchema = z.object({
  body: z
    .string()
    .refine((v) => v.trim() !== '', 'Write a note first')
    .refine((v) => v.length <= NOTE_MAX_LENGTH, 'A note must be 5,000 characters or fewer'),
});
type NoteValues = z.infer<typeof noteSchema>;

/**
 * Notes and the lead's history, oldest first like a conversation: the
 * request arriving, then every status change, assignment, read mark and
 * note with who made it and when. A new note goes at the end, under the
 * box it was written in. A long history comes a page at a time from its
 * newest entries: "Show earlier activity" above them brings the ones
 * before, and the request's arrival shows once the oldest are there.
 */
export function LeadActivity({ lead, now, announce }: { lead: Lead; now: Date; announce: (message: string) => void }) {
  const id = useId();
  const activity = useLeadActivity(lead.id);
  const created = parseTimestamp(lead.createdAt);
  const entries = loadedActivity(activity.data);
  const total = activity.data?.pages[0]?.totalCount ?? null;
  // "Show earlier activity" moves the focus to the oldest entry it brought (the top of the list), once drawn.
  const timeline = useRef<HTMLOListElement>(null);
  const focusOldest = useCallback(() => {
    timeline.current?.querySelector<HTMLElement>('li[data-activity-kind]')?.focus();
  }, []);
  const showEarlier = useShowMore(activity, entries.length, (data) => loadedActivity(data).length, focusOldest);

  return (
    <section className="admin-card lead-section lead-activity" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="lead-section__title">
        Notes and activity
      </h2>
      <p className="staff-note">Oldest first. Notes are for staff only; the homeowner never sees them.</p>
      {activity.isPending ? (
        <Spinner label="Loading the history…" />
      ) : activity.isError && !activity.isFetchNextPageError ? (
        <LoadFailedAlert subject="The history" error={activity.error} onRetry={() => void activity.refetch()} />
      ) : (
        <>
          {activity.hasNextPage && (
            <ShowMore
              className="lead-activity__earlier"
              count={activityShownText(entries.length, total)}
              hasMore
              busy={activity.isFetchingNextPage}
              label="Show earlier activity"
              busyLabel="Loading earlier activity…"
              onShowMore={showEarlier}
            />
          )}
          {activity.isFetchNextPageError && (
            <div className="staff-alert staff-alert--error" role="alert">
              Earlier activity could not be loaded: {errorMessage(activity.error)}
            </div>
          )}
          <ol className="lead-timeline" aria-label="History, oldest first" ref={timeline}>
            {created && !activity.hasNextPage && (
              <li className="lead-timeline__item lead-timeline__item--arrived">
                <p className="lead-timeline__what">The request arrived from the website.</p>
                <When at={lead.createdAt} date={created} now={now} />
              </li>
            )}
            {entries.map((entry) => (
              <TimelineEntry key={entry.id} entry={entry} now={now} />
            ))}
          </ol>
        </>
      )}
      {lead.erasedAt ? (
        <p className="staff-note">This lead’s personal data was erased: notes can no longer be added to it.</p>
      ) : (
        <NoteForm leadId={lead.id} announce={announce} />
      )}
    </section>
  );
}

function TimelineEntry({ entry, now }: { entry: Entry; now: Date }) {
  const at = parseTimestamp(entry.createdAt);
  return (
    <li className={`lead-timeline__item lead-timeline__item--${entry.kind}`} data-activity-kind={entry.kind} tabIndex={-1}>
      <p className="lead-timeline__what">
        <strong className="lead-timeline__who">{entry.actor || 'Someone'}</strong> {describeActivity(entry)}
        {entry.kind === 'note' ? ':' : '.'}
      </p>
      {entry.kind === 'note' &&
        (entry.body ? (
          <p className="lead-timeline__note">{entry.body}</p>
        ) : (
          <p className="lead-timeline__note lead-none">The note’s text was erased with the person’s data.</p>
        ))}
      {at && <When at={entry.createdAt} date={at} now={now} />}
    </li>
  );
}

function When({ at, date, now }: { at: string; date: Date; now: Date }) {
  return (
    <time className="lead-timeline__when" dateTime={at} title={formatRelativeTime(date, now)}>
      {formatDateTime(date)}
    </time>
  );
}

function NoteForm({ leadId, announce }: { leadId: string; announce: (message: string) => void }) {
  const id = useId();
  const add = useAddLeadNote();
  const form = useForm<NoteValues>({ resolver: zodResolver(noteSchema), defaultValues: { body: '' } });
  const error = form.formState.errors.body?.message;
  return (
    <form
      className="lead-note-form"
      noValidate
      onSubmit={form.handleSubmit(({ body }) =>
        add.mutate(
          { leadId, body },
          {
            onSuccess: () => {
              form.reset();
              announce('Note added');
            },
            onError: (err) => {
              if (showServerFieldErrors(err, ['body'], form.setError, form.setFocus) === 0) {
                form.setError('body', { type: 'server', message: `The note could not be saved: ${errorMessage(err)}` });
                form.setFocus('body');
              }
            },
          },
        ),
      )}
    >
      <div className="staff-field">
        <label htmlFor={`${id}-body`}>Add a note</label>
        <textarea
          id={`${id}-body`}
          rows={3}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          {...form.register('body')}
        />
        {error ? (
          <FieldError id={`${id}-error`} message={error} announce />
        ) : (
          <p id={`${id}-hint`} className="staff-field__hint">
            What was said or agreed. A first note counts as the lead’s first response.
          </p>
        )}
      </div>
      <button type="submit" className="button button--primary" disabled={add.isPending}>
        {add.isPending ? 'Saving…' : 'Add note'}
      </button>
    </form>
  );
}
