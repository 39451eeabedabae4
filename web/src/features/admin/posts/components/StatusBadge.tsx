import { POST_STATUS_LABEL, type PostStatus } from '../utils/post-status';

/** Published / Draft / Scheduled as a coloured badge; the word carries the meaning, not the colour. */
export function StatusBadge({ status }: { status: PostStatus }) {
  return <span className={`admin-status admin-status--${status}`}>{POST_STATUS_LABEL[status]}</span>;
}
