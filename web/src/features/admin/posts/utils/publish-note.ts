// What the publish date and time field means for this post, said next to it.
import { formatDateTime } from '@/components/staff/format';
import { fromDateTimeLocal } from './post-form';

/** What the publish time means, said next to it. */
export function publishNote({
  editing,
  isPublished,
  publishedAt,
  stored,
  goesLiveNow = false,
  draft = false,
  now = new Date(),
}: {
  editing: boolean;
  isPublished: boolean;
  publishedAt: string;
  stored?: string;
  /** A draft being published with its old time untouched. */
  goesLiveNow?: boolean;
  /** The stored post is a draft whose time was never chosen (post-form draftTimeUnset): empty is "when published". */
  draft?: boolean;
  now?: Date;
}): { text: string; scheduled: boolean } {
  if (goesLiveNow) return { text: 'It goes live when you save, dated then.', scheduled: false };
  if (publishedAt === '') {
    if (editing && stored && !draft) return { text: 'Empty keeps the current publish time.', scheduled: false };
    return { text: isPublished ? 'Empty publishes it now.' : 'Set when it is published, or choose a time to schedule it.', scheduled: false };
  }
  const at = fromDateTimeLocal(publishedAt);
  if (!at) return { text: 'Enter a complete date and time.', scheduled: false };
  const when = formatDateTime(new Date(at));
  if (Date.parse(at) > now.getTime()) {
    return isPublished
      ? { text: `Scheduled: it goes live on ${when}.`, scheduled: true }
      : { text: `A future time: once Published is ticked, it goes live on ${when}.`, scheduled: false };
  }
  return { text: 'Shown as the publication date.', scheduled: false };
}
