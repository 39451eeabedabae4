// What a write to a text changes in the query cache, said once for every
// mutation: every read of the staff list (each search, category and page
// size: adminContentListsQueryKey, which leaves out the single texts under
// the same path), the text itself, and the public lists every page of the
// site and edit mode read (['/api/editable-content'] in English, with
// {locale: 'es'} in Spanish: issue 40).
import type { QueryClient } from '@tanstack/react-query';
import { inLocale, type EditableLocale } from '@/features/editable-content';
import { isNewer } from '../utils/content-conflict';
import { adminContentItemQueryKey, adminContentListsQueryKey, withoutItem, withSaved, type AdminContentListData } from './get-admin-content';
import { editableContentKey, type EditableContent } from './list-editable-content';

const LOCALES: readonly EditableLocale[] = ['en', 'es'];

/** Both public lists marked for a re-read (each language's key, exactly). */
function refetchPublicLists(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(LOCALES.map((l) => queryClient.invalidateQueries({ queryKey: editableContentKey(l), exact: true })));
}

/**
 * After a create or update: the server's answer is the text now, in both
 * languages. Lists holding it show it at once; every list is read again
 * (the text may have moved to another category, match a search it did not,
 * or no longer miss its Spanish). Each public list shows it at once in its
 * language where cached (never over a newer version of that language's
 * text) and is marked for a re-read.
 */
export function contentSaved(queryClient: QueryClient, item: EditableContent): Promise<unknown> {
  queryClient.setQueryData(adminContentItemQueryKey(item.contentKey), item);
  queryClient.setQueriesData<AdminContentListData>({ queryKey: adminContentListsQueryKey }, (data) => data && withSaved(data, item));
  for (const locale of LOCALES) {
    const shown = inLocale(item, locale);
    queryClient.setQueryData<EditableContent[]>(editableContentKey(locale), (items) => {
      if (!items) return items;
      const rest = items.filter((i) => i.contentKey !== item.contentKey);
      const old = items.find((i) => i.contentKey === item.contentKey);
      return old && isNewer(old.version, shown.version) ? items : [...rest, shown];
    });
  }
  return Promise.all([queryClient.invalidateQueries({ queryKey: adminContentListsQueryKey }), refetchPublicLists(queryClient)]);
}

/**
 * After a delete: the text is gone. Only a copy nobody shows is dropped (a
 * form still showing it says it was deleted). Every list drops it at once
 * (and counts one text fewer), then is read again; so are the public lists.
 */
export function contentDeleted(queryClient: QueryClient, contentKey: string): Promise<unknown> {
  queryClient.removeQueries({ queryKey: adminContentItemQueryKey(contentKey), type: 'inactive', exact: true });
  queryClient.setQueriesData<AdminContentListData>({ queryKey: adminContentListsQueryKey }, (data) => data && withoutItem(data, contentKey));
  for (const locale of LOCALES) {
    queryClient.setQueryData<EditableContent[]>(editableContentKey(locale), (items) => items?.filter((i) => i.contentKey !== contentKey));
  }
  return Promise.all([queryClient.invalidateQueries({ queryKey: adminContentListsQueryKey }), refetchPublicLists(queryClient)]);
}
