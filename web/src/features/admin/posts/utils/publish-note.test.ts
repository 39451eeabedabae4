import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishNote } from './publish-note';

const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Phoenix';
});
afterAll(() => {
  process.env.TZ = savedTz;
});

const now = new Date('2026-11-23T18:00:00Z'); // 11:00 in Phoenix
const note = (over: Partial<Parameters<typeof publishNote>[0]>) =>
  publishNote({ editing: false, isPublished: true, publishedAt: '', now, ...over });

describe('publishNote', () => {
  it('says a future time schedules a published post, with when', () => {
    expect(note({ publishedAt: '2026-11-24T09:30' })).toEqual({ text: 'Scheduled: it goes live on Nov 24, 2026, 9:30 AM.', scheduled: true });
  });

  it('says a draft with a future time waits for Published', () => {
    expect(note({ isPublished: false, publishedAt: '2026-11-24T09:30' })).toEqual({
      text: 'A future time: once Published is ticked, it goes live on Nov 24, 2026, 9:30 AM.',
      scheduled: false,
    });
  });

  it('explains an empty or past time', () => {
    expect(note({}).text).toBe('Empty publishes it now.');
    expect(note({ isPublished: false }).text).toBe('Set when it is published, or choose a time to schedule it.');
    expect(note({ editing: true, stored: '2026-05-21T16:00:00Z' }).text).toBe('Empty keeps the current publish time.');
    expect(note({ publishedAt: '2026-11-23T10:59' })).toEqual({ text: 'Shown as the publication date.', scheduled: false });
    expect(note({ publishedAt: '2026-11-2' }).text).toBe('Enter a complete date and time.');
  });

  it('says a stored draft’s empty time is set when it is published, not kept', () => {
    expect(note({ editing: true, isPublished: false, stored: '2026-05-21T16:00:00Z', draft: true }).text).toBe(
      'Set when it is published, or choose a time to schedule it.',
    );
    expect(note({ editing: true, isPublished: false, stored: '2026-05-21T16:00:00Z' }).text).toBe('Empty keeps the current publish time.');
  });

  it('says a draft being published goes live on saving', () => {
    expect(note({ editing: true, publishedAt: '2026-05-21T09:00', goesLiveNow: true }).text).toBe('It goes live when you save, dated then.');
  });
});
