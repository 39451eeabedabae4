import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPost } from '../api/get-admin-posts';
import { AUTOSAVE_DELAY_MS, autosaves, autosaveStatusText, createAutosaver, type AutosaveState } from './autosave';

const draft = { isPublished: false } as AdminPost;
const published = { isPublished: true } as AdminPost;

describe('autosaves', () => {
  it('saves a new post by itself, as a draft, whatever its Published box says', () => {
    expect(autosaves({ stored: undefined, startedNew: true, isPublished: true })).toBe(true);
    expect(autosaves({ stored: undefined, startedNew: true, isPublished: false })).toBe(true);
    // Its first autosave stored it: still the new post's form, still autosaved.
    expect(autosaves({ stored: draft, startedNew: true, isPublished: true })).toBe(true);
  });

  it('saves a stored draft by itself only while Published is not ticked', () => {
    expect(autosaves({ stored: draft, startedNew: false, isPublished: false })).toBe(true);
    expect(autosaves({ stored: draft, startedNew: false, isPublished: true })).toBe(false);
  });

  it('never saves a published post by itself', () => {
    expect(autosaves({ stored: published, startedNew: false, isPublished: true })).toBe(false);
    expect(autosaves({ stored: published, startedNew: false, isPublished: false })).toBe(false);
    expect(autosaves({ stored: published, startedNew: true, isPublished: false })).toBe(false);
  });
});

describe('autosaveStatusText', () => {
  const text = (state: AutosaveState, over: Partial<Parameters<typeof autosaveStatusText>[0]> = {}) =>
    autosaveStatusText({ state, autosaving: true, dirty: true, published: false, timeZone: 'America/Phoenix', ...over });

  it('says saving, and when it was saved in local time', () => {
    expect(text({ kind: 'saving' })).toBe('Saving…');
    // 19:04 UTC is 12:04 in Phoenix.
    expect(text({ kind: 'saved', at: new Date('2026-11-23T19:04:30Z') })).toMatch(/^Saved · 12:04/);
  });

  it('says why a save failed, and that it is tried again', () => {
    expect(text({ kind: 'failed', reason: 'Please sign in.' })).toBe('Not saved: Please sign in. It is tried again when you next type.');
    expect(text({ kind: 'conflict' })).toBe('Not saved: someone else saved a newer version. Compare them, then save.');
  });

  it('says an incomplete draft is only kept in this browser, and nothing when nothing changed', () => {
    expect(text({ kind: 'incomplete' })).toMatch(/^Kept in this browser only/);
    expect(text({ kind: 'incomplete' }, { dirty: false })).toBe('');
    expect(text({ kind: 'idle' })).toBe('');
  });

  it('says a published post’s changes wait for Save', () => {
    expect(text({ kind: 'idle' }, { autosaving: false, published: true })).toBe(
      'Changes not saved yet. A published post changes only when you save it.',
    );
    expect(text({ kind: 'saved', at: new Date() }, { autosaving: false, published: false })).toMatch(/^Changes not saved yet. Published is ticked/);
    expect(text({ kind: 'idle' }, { autosaving: false, published: true, dirty: false })).toBe('');
  });
});

describe('createAutosaver', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A save that resolves when told to. */
  function controlledSave() {
    const finishers: (() => void)[] = [];
    const save = vi.fn(() => new Promise<void>((resolve) => finishers.push(resolve)));
    return { save, finish: async () => {
      finishers.shift()?.();
      await vi.advanceTimersByTimeAsync(0);
    } };
  }

  it('saves once typing pauses, not at each change', async () => {
    const { save } = controlledSave();
    const saver = createAutosaver(save);
    saver.changed();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 100);
    saver.changed();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 100);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('never has two saves on their way: a pause during one runs the next when it returns', async () => {
    const { save, finish } = controlledSave();
    const saver = createAutosaver(save, 1000);
    saver.changed();
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(1);
    saver.changed();
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
    await finish();
    expect(save).toHaveBeenCalledTimes(2);
    await finish();
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('goes on after a failed save', async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const saver = createAutosaver(save, 1000);
    saver.changed();
    await vi.advanceTimersByTimeAsync(1000);
    saver.changed();
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('cancel forgets a waiting save; idle waits for the one on its way', async () => {
    const { save, finish } = controlledSave();
    const saver = createAutosaver(save, 1000);
    saver.changed();
    saver.cancel();
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).not.toHaveBeenCalled();

    saver.changed();
    await vi.advanceTimersByTimeAsync(1000);
    let idle = false;
    void saver.idle().then(() => {
      idle = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(idle).toBe(false);
    await finish();
    expect(idle).toBe(true);
    await expect(saver.idle()).resolves.toBeUndefined();
  });
});
