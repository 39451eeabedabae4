import { describe, expect, it } from 'vitest';
import { loadedRevisions, type PostRevision } from '../api/get-post-revisions';
import { revisionsListedText } from './revision';

describe('revisions read a page at a time', () => {
  it('lists the loaded pages newest first', () => {
    const rev = (id: string) => ({ id }) as PostRevision;
    const data = {
      pages: [
        { revisions: [rev('r6'), rev('r5')], nextPageToken: 't', totalCount: 3 },
        { revisions: [rev('r4')], nextPageToken: '', totalCount: 3 },
      ],
    };
    expect(loadedRevisions(data).map((r) => r.id)).toEqual(['r6', 'r5', 'r4']);
    expect(loadedRevisions(undefined)).toEqual([]);
  });

  it('says how many are listed', () => {
    expect(revisionsListedText(20, 35)).toBe('20 of 35 earlier versions listed');
    expect(revisionsListedText(35, 35)).toBe('All 35 earlier versions listed');
    expect(revisionsListedText(1, 1)).toBe('All 1 earlier version listed');
    expect(revisionsListedText(20, null)).toBe('20 earlier versions listed');
  });
});
