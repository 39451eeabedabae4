import { useId } from 'react';
import { formatDateTime, parseTimestamp } from '@/components/staff/format';
import { useNow } from '@/components/staff/use-now';
import type { AdminPost } from '../api/get-admin-posts';
import { postStatus } from '../utils/post-status';
import { StatusBadge } from './StatusBadge';

/** The stored post at a glance: its status, where it lives, who saved it last. */
export function PostSummary({ post }: { post: AdminPost }) {
  const now = useNow();
  const headingId = useId();
  const status = postStatus(post, now);
  const published = parseTimestamp(post.publishedAt);
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
        {published && (
          <div>
            <dt>{status === 'scheduled' ? 'Goes live' : status === 'draft' ? 'Publish date' : 'Published'}</dt>
            <dd>
              <time dateTime={post.publishedAt}>{formatDateTime(published)}</time>
            </dd>
          </div>
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
          <a href={`/blog/${post.slug}`} target="_blank" rel="noopener">
            View on the site<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : (
          <span className="staff-note">Not on the site yet.</span>
        )}
      </p>
    </section>
  );
}
