import { describe, expect, it } from 'vitest';
import { POST_DATE_PREFIX, POST_STATUS_LABEL, postDate, postStatus } from './post-status';

const now = new Date('2026-11-23T18:00:00Z');

describe('postStatus', () => {
  it('is Draft whenever the post is not published, whatever its date', () => {
    expect(postStatus({ isPublished: false, publishedAt: '2020-01-01T00:00:00Z' }, now)).toBe('draft');
    expect(postStatus({ isPublished: false, publishedAt: '2030-01-01T00:00:00Z' }, now)).toBe('draft');
  });

  it('is Scheduled for a published post whose time is still ahead, Published once it has come', () => {
    expect(postStatus({ isPublished: true, publishedAt: '2026-11-23T18:00:01Z' }, now)).toBe('scheduled');
    expect(postStatus({ isPublished: true, publishedAt: '2026-11-23T18:00:00Z' }, now)).toBe('published');
    expect(postStatus({ isPublished: true, publishedAt: '2026-05-21T16:00:00Z' }, now)).toBe('published');
    expect(postStatus({ isPublished: true, publishedAt: null }, now)).toBe('published');
  });

  it('has the words the list shows', () => {
    expect(Object.values(POST_STATUS_LABEL)).toEqual(['Published', 'Draft', 'Scheduled']);
  });
});

describe('postDate', () => {
  const created = '2026-11-20T09:00:00Z';
  const saved = '2026-11-22T15:30:00Z';

  it('never shows a draft’s stored publish time (its creation time): a draft shows when it was last saved', () => {
    expect(postDate({ isPublished: false, publishedAt: created, updatedAt: saved }, now)).toEqual({ kind: 'draft', at: saved });
    expect(postDate({ isPublished: false, publishedAt: null, updatedAt: saved }, now)).toEqual({ kind: 'draft', at: saved });
    expect(POST_DATE_PREFIX.draft).toBe('Draft · last saved');
  });

  it('keeps a publish time someone chose ahead for a draft, as planned', () => {
    expect(postDate({ isPublished: false, publishedAt: '2026-12-01T09:00:00Z', updatedAt: saved }, now)).toEqual({
      kind: 'planned',
      at: '2026-12-01T09:00:00Z',
    });
  });

  it('shows published and scheduled posts by their publish time, as before', () => {
    expect(postDate({ isPublished: true, publishedAt: created, updatedAt: saved }, now)).toEqual({ kind: 'published', at: created });
    expect(postDate({ isPublished: true, publishedAt: '2026-12-01T09:00:00Z', updatedAt: saved }, now)).toEqual({
      kind: 'scheduled',
      at: '2026-12-01T09:00:00Z',
    });
    expect(POST_DATE_PREFIX.published).toBe('');
    expect(POST_DATE_PREFIX.scheduled).toBe('Goes live');
  });
});
