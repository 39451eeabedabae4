// What a write to a text changes in the query cache, said once for every
// mutation: every read of the staff list (each search, category and page
// size: adminContentListsQueryKey, which leaves out the single texts under
// the same path), the text itself, and the public list every page of the
// site and edit mode read (['/api/editable-content']).
import type { QueryClient } from '@tanstack/react-query';
import { isNewer } from '../utils/content-conflict';
import { adminContentItemQueryKey, adminContentListsQueryKey, withoutItem, withSaved, type AdminContentListData } from './get-admin-content';
import { editableContentQueryKey, type EditableContent } from './list-editable-content';

/**
 * After a create or update: the server's answer is the text now. Lists
 * holding it show it at once; every list is read again (the text may have
 * moved to another category, or now match a search it did not). The public
 * list shows it at once where cached (never over a newer version) and is
 * marked for a re-read.
 */
export function contentSaved(queryClient: QueryClient, item: EditableContent): Promise<unknown> {
  queryClient.setQueryData(adminContentItemQueryKey(item.contentKey), item);
  queryClient.setQueriesData<AdminContentListData>({ queryKey: adminContentListsQueryKey }, (data) => data && withSaved(data, item));
  queryClient.setQueryData<EditableContent[]>(editableContentQueryKey, (items) => {
    if (!items) return items;
    const rest = items.filter((i) => i.contentKey !== item.contentKey);
    const old = items.find((i) => i.contentKey === item.contentKey);
    return old && isNewer(old.version, item.version) ? items : [...rest, item];
  });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminContentListsQueryKey }),
    queryClient.invalidateQueries({ queryKey: editableContentQueryKey, exact: true }),
  ]);
}

/**
 * After a delete: the text is gone. Only a copy nobody shows is dropped (a
 * form still showing it says it was deleted). Every list drops it at once
 * (and counts one text fewer), then is read again; so is the public list.
 */
export function contentDeleted(queryClient: QueryClient, contentKey: string): Promise<unknown> {
  queryClient.removeQueries({ queryKey: adminContentItemQueryKey(contentKey), type: 'inactive', exact: true });
  queryClient.setQueriesData<AdminContentListData>({ queryKey: adminContentListsQueryKey }, (data) => data && withoutItem(data, contentKey));
  queryClient.setQueryData<EditableContent[]>(editableContentQueryKey, (items) => items?.filter((i) => i.contentKey !== contentKey));
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminContentListsQueryKey }),
    queryClient.invalidateQueries({ queryKey: editableContentQueryKey, exact: true }),
  ]);
}
