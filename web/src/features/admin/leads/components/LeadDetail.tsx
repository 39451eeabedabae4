import { createContext, useContext, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { formatDateTime, formatRelativeTime, parseTimestamp } from '@/components/staff/format';
import { Spinner } from '@/components/staff/Spinner';
import { useAnnouncer } from '@/components/staff/use-announcer';
import { useNow } from '@/components/staff/use-now';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCan } from '../../shell/access';
import { loadedActivity, useLeadActivity } from '../api/get-lead-activity';
import { useLead } from '../api/get-lead';
import type { Lead } from '../api/list-leads';
import { markedSpamBy } from '../utils/activity';
import {
  formVariantLabel,
  issueLabels,
  languageLabel,
  leadName,
  optionLabel,
  sourcePageHref,
  statusLabel,
  telHref,
} from '../utils/lead-labels';
import { firstResponseText, isOverdue, replyDueText } from '../utils/reply-due';
import { LeadPrivacy } from './LeadPrivacy';
import { LeadActivity } from './LeadActivity';
import { useLeadOptions } from './lead-options';
import type { FromState } from './LeadInbox';
import { LeadPipeline } from './LeadPipeline';
import { ReadToggle } from './ReadToggle';
import { SpanishBadge } from './SpanishBadge';
import { StatusBadge } from './StatusBadge';

/**
 * /admin/leads/{id}: everything the visitor gave and where they came from;
 * its status, assignee, notes and history; and the read flag.
 */
export function LeadDetail() {
  const { id = '' } = useParams();
  const location = useLocation();
  const from = (location.state as FromState | null)?.from ?? '';
  const lead = useLead(id);
  const back = (
    <Link to={{ pathname: '/admin/leads', search: from }} className="leads-back">
      ← Back to leads
    </Link>
  );
  if (lead.isPending) return <Spinner label="Loading the lead…" />;
  if (lead.isError) {
    const missing = lead.error instanceof ApiError && (lead.error.status === 404 || lead.error.status === 400);
    return (
      <div className="leads-tab">
        {back}
        <div className="admin-card">
          <h1 className="lead-title">{missing ? 'Lead not found' : 'The lead could not be loaded'}</h1>
          <p>{missing ? 'There is no lead at this address. It may have been mistyped.' : errorMessage(lead.error)}</p>
          {!missing && (
            <button type="button" className="button" onClick={() => void lead.refetch()}>
              Try again
            </button>
          )}
        </div>
      </div>
    );
  }
  return (
    <EmptyFact.Provider value={lead.data.erasedAt ? 'Erased' : 'Not given'}>
      <LeadView lead={lead.data} back={back} />
    </EmptyFact.Provider>
  );
}

function LeadView({ lead, back }: { lead: Lead; back: ReactNode }) {
  const options = useLeadOptions();
  const now = useNow();
  const [announcement, announce] = useAnnouncer();
  const mayErase = useCan('erase');
  const name = leadName(lead);
  const erased = Boolean(lead.erasedAt);
  const created = parseTimestamp(lead.createdAt);
  const respondBy = parseTimestamp(lead.respondBy);
  const overdue = isOverdue(lead, now);
  const due = replyDueText(lead, now);
  const issues = issueLabels(lead.issues, lead.formVariant, options);
  const source = sourcePageHref(lead.sourcePage);
  const attribution = lead.attribution ?? {};
  const status = lead.isSpam ? 'spam' : lead.status || 'new';
  const activity = useLeadActivity(lead.id);
  const spamBy = lead.isSpam ? markedSpamBy(loadedActivity(activity.data)) : null;
  const changedAt = parseTimestamp(lead.updatedAt);

  return (
    <div className="leads-tab lead-detail">
      {back}
      <header className="lead-head">
        <div>
          {/* Focusable for the erase dialog, which leaves the focus here once the lead is erased. */}
          <h1 className="lead-title" tabIndex={-1}>
            {name}
          </h1>
          <div className="leads-badges">
            <StatusBadge status={status} />
            <span className={lead.isRead ? 'lead-badge' : 'lead-badge lead-badge--unread'}>
              {lead.isRead ? 'Read' : 'Unread'}
            </span>
            {overdue && <span className="lead-badge lead-badge--overdue">Overdue</span>}
            {lead.duplicateOf && <span className="lead-badge">Possible duplicate</span>}
            <SpanishBadge language={lead.language} />
            {erased && <span className="lead-badge lead-badge--erased">Personal data erased</span>}
          </div>
          {created && (
            <p className="lead-when">
              Received {formatRelativeTime(created, now)} ({formatDateTime(created)})
              {due && (
                <>
                  {' · '}
                  <span className={overdue ? 'lead-when__due lead-when__due--overdue' : 'lead-when__due'}>{due}</span>
                </>
              )}
            </p>
          )}
        </div>
        <div className="lead-actions">
          <ReadToggle lead={lead} onChanged={(saved) => announce(saved.isRead ? 'Marked as read' : 'Marked as unread')} />
          {!erased && (
            <>
              <a className="button" href={`mailto:${lead.email}`}>
                Email {lead.firstName || name}
              </a>
              <a className="button" href={telHref(lead.phone)}>
                Call {lead.phone}
              </a>
            </>
          )}
        </div>
      </header>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>

      <div className="lead-work">
        <LeadPipeline lead={lead} now={now} announce={announce} />
        <LeadActivity lead={lead} now={now} announce={announce} />
      </div>

      <div className="lead-sections">
        <Section title="Contact details">
          <Fact label="First name">{lead.firstName}</Fact>
          <Fact label="Last name">{lead.lastName}</Fact>
          <Fact label="Email">{lead.email && <a href={`mailto:${lead.email}`}>{lead.email}</a>}</Fact>
          <Fact label="Phone">{lead.phone && <a href={telHref(lead.phone)}>{lead.phone}</a>}</Fact>
          <Fact label="Preferred contact time">{lead.preferredContactTime}</Fact>
          <Fact label="Address">{lead.address}</Fact>
          <Fact label="City">{lead.city && optionLabel(options.cities, lead.city)}</Fact>
        </Section>

        <Section title="The problem">
          <Fact label="Issues" wide>
            {issues.length > 0 && (
              <ul className="lead-issues">
                {issues.map((issue) => (
                  <li key={issue}>{issue}</li>
                ))}
              </ul>
            )}
          </Fact>
          <Fact label="Description" wide>
            {lead.description && <p className="lead-text">{lead.description}</p>}
          </Fact>
          <Fact label="Urgency">{lead.urgency && optionLabel(options.urgencies, lead.urgency)}</Fact>
          <Fact label="Home built">{lead.homeAge && optionLabel(options.homeAges, lead.homeAge)}</Fact>
          <Fact label="Previous repairs" wide>
            {lead.previousRepairs && <p className="lead-text">{lead.previousRepairs}</p>}
          </Fact>
          <Fact label="Has video of the problem">{lead.hasVideo ? 'Yes' : 'No'}</Fact>
        </Section>

        <Section title="Where it came from">
          <Fact label="Form">{formVariantLabel(lead.formVariant)}</Fact>
          <Fact label="Language">{languageLabel(lead.language)}</Fact>
          <Fact label="Source page">
            {lead.sourcePage &&
              (source ? (
                <a href={source} target="_blank" rel="noopener">
                  {lead.sourcePage}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : (
                lead.sourcePage
              ))}
          </Fact>
          <Fact label="Campaign source (utm_source)">{attribution.utmSource}</Fact>
          <Fact label="Campaign medium (utm_medium)">{attribution.utmMedium}</Fact>
          <Fact label="Campaign name (utm_campaign)">{attribution.utmCampaign}</Fact>
          <Fact label="Google Ads click ID (gclid)">{attribution.gclid && <code>{attribution.gclid}</code>}</Fact>
          <Fact label="Browser (user agent)" wide>
            {lead.userAgent && <span className="lead-ua">{lead.userAgent}</span>}
          </Fact>
          <Fact label="Duplicate of">
            {lead.duplicateOf && (
              <Link to={`/admin/leads/${lead.duplicateOf}`}>An earlier lead with the same e-mail or phone</Link>
            )}
          </Fact>
        </Section>

        <Section title="Record">
          <Fact label="Received">
            {created && <time dateTime={lead.createdAt}>{formatDateTime(created)}</time>}
          </Fact>
          <Fact label="Reply by">
            {respondBy && <time dateTime={lead.respondBy}>{formatDateTime(respondBy)}</time>}
          </Fact>
          <Fact label="First response">
            {lead.isSpam && !lead.firstResponseAt ? (
              <span className="lead-none">Not needed for spam</span>
            ) : (
              firstResponseText(lead, now)?.replace(/^First response: /, '')
            )}
          </Fact>
          <Fact label="Status">{statusLabel(status)}</Fact>
          <Fact label="Assigned to">{lead.assignee || <span className="lead-none">Nobody yet</span>}</Fact>
          <Fact label="Read or unread">{lead.isRead ? 'Read' : 'Unread'}</Fact>
          <Fact label="Last change by staff">
            {changedAt ? (
              <>
                <time dateTime={lead.updatedAt ?? undefined}>{formatDateTime(changedAt)}</time>
                {lead.updatedBy && ` by ${lead.updatedBy}`}
              </>
            ) : (
              <span className="lead-none">None yet</span>
            )}
          </Fact>
          <Fact label="Spam">
            {!lead.isSpam ? 'No' : spamBy ? `Yes: marked as spam by ${spamBy}` : 'Yes: the form’s hidden spam trap was filled in'}
          </Fact>
          <Fact label="Lead ID">
            <code>{lead.id}</code>
          </Fact>
        </Section>
      </div>
      <LeadPrivacy lead={lead} mayErase={mayErase} announce={announce} />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `lead-section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className="admin-card lead-section" aria-labelledby={id}>
      <h2 id={id} className="lead-section__title">
        {title}
      </h2>
      <dl className="lead-facts">{children}</dl>
    </section>
  );
}

/** What an empty field reads: "Not given", or "Erased" on an erased lead (LeadDetail sets it). */
const EmptyFact = createContext('Not given');

/** One field; an empty one says so, so every field the form has is visible. */
function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  const none = useContext(EmptyFact);
  const empty = children === '' || children === null || children === undefined || children === false;
  return (
    <div className={wide ? 'lead-fact lead-fact--wide' : 'lead-fact'}>
      <dt>{label}</dt>
      <dd>{empty ? <span className="lead-none">{none}</span> : children}</dd>
    </div>
  );
}
