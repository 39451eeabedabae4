import { useId } from 'react';
import { formatDateTime, parseTimestamp } from '@/components/staff/format';
import { useNow } from '@/components/staff/use-now';
import type { AdminPost } from '../api/get-admin-posts';
import { postDate, postStatus } from '../utils/post-status';
import { sitePath } from '../utils/post-translation';
import { StatusBadge } from './StatusBadge';

/** The stored post at a glance: its status, where it lives, who saved it last. */
export function PostSummary({ post }: { post: AdminPost }) {
  const now = useNow();
  const headingId = useId();
  const status = postStatus(post, now);
  // A draft's stored publish time is when it was created: not shown as a publish date (issue 28).
  const date = postDate(post, now);
  const published = date.kind === 'draft' ? null : parseTimestamp(date.at);
  const created = parseTimestamp(post.createdAt);
  const updated = parseTimestamp(post.updatedAt);
  return (
    <section className="admin-card post-summary" aria-labelledby={headingId}>
      <h2 id={headingId}>This post</h2>
      <dl>
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={status} />
          </dd>
        </div>
        {date.kind === 'draft' ? (
          <div>
            <dt>Publish date</dt>
            <dd>Not yet: set when it is published</dd>
          </div>
        ) : (
          published && (
            <div>
              <dt>{date.kind === 'scheduled' ? 'Goes live' : date.kind === 'planned' ? 'Planned publish date' : 'Published'}</dt>
              <dd>
                <time dateTime={date.at}>{formatDateTime(published)}</time>
              </dd>
            </div>
          )
        )}
        {updated && (
          <div>
            <dt>Last saved</dt>
            <dd>
              <time dateTime={post.updatedAt}>{formatDateTime(updated)}</time>
              {post.updatedBy && <> by {post.updatedBy}</>}
            </dd>
          </div>
        )}
        {created && (
          <div>
            <dt>Created</dt>
            <dd>
              <time dateTime={post.createdAt}>{formatDateTime(created)}</time>
            </dd>
          </div>
        )}
      </dl>
      <p className="post-summary__links">
        {status === 'published' ? (
          <a href={sitePath(post)} target="_blank" rel="noopener">
            View on the site<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : (
          <span className="staff-note">Not on the site yet.</span>
        )}
      </p>
    </section>
  );
}
