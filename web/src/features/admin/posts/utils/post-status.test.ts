import { describe, expect, it } from 'vitest';
import { POST_STATUS_LABEL, postStatus } from './post-status';

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
