import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { LoadFailedAlert } from '@/components/staff/LoadFailedAlert';
import { Spinner } from '@/components/staff/Spinner';
import { ApiError } from '@/lib/api-client';
import { useAdminContentItem } from '../api/get-admin-content';
import type { EditableContent } from '../api/list-editable-content';
import { readLanguage } from '../utils/content-language';
import { ContentEditForm } from './ContentEditForm';
import { FormFrame } from './ContentFormParts';

/**
 * /admin/content/edit/{contentKey}: the item as stored now
 * (GET /api/admin/editable-content/{key}), read on every opening; a text the
 * list has loaded stands in while it comes. An unknown key says so, with a
 * way back; an item deleted by someone else while the form is open keeps
 * the form (and the typing) on screen, saying so. ?lang=es edits its
 * Spanish text (issue 40).
 */
export function ContentEditPage() {
  const { contentKey = '' } = useParams();
  const [params] = useSearchParams();
  const locale = readLanguage(params.get('lang'));
  const query = useAdminContentItem(contentKey);
  const gone = query.error instanceof ApiError && query.error.status === 404;
  const [seen, setSeen] = useState<EditableContent | null>(null);
  if (query.data && query.data !== seen) setSeen(query.data);
  const item = query.data ?? (seen?.contentKey === contentKey ? seen : undefined);
  if (query.isPending && !item) return <Spinner label="Loading the content item…" />;
  if (!item && gone) {
    return (
      <FormFrame title="This text no longer exists">
        <p>
          There is no text with the key <code>{contentKey}</code>. It may have been deleted, renamed in the code or
          never created.
        </p>
        <Link to="/admin/content" className="button">
          Back to Site Content
        </Link>
      </FormFrame>
    );
  }
  if (!item) {
    return (
      <FormFrame title="Edit content">
        <LoadFailedAlert subject="The content item" error={query.error} onRetry={() => void query.refetch()} />
      </FormFrame>
    );
  }
  return <ContentEditForm key={`${locale}:${item.contentKey}`} item={item} locale={locale} deleted={gone} />;
}
