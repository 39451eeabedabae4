// Issue 28 "nothing typed is lost": drafts are saved to the server by
// themselves once typing pauses. Published posts never are: what is typed
// into one goes live only when someone saves it by hand. The rules and the
// words here; PostForm does the saving.
import type { AdminPost } from '../api/get-admin-posts';

/** How long typing must pause before a draft is saved (long enough that a sentence is not cut in half). */
export const AUTOSAVE_DELAY_MS = 2500;

/**
 * Whether the form's changes are saved by themselves: a post not saved by
 * hand yet (new: its autosaves keep it a draft whatever the Published box
 * says until Create post), or a stored draft whose Published box is not
 * ticked (ticking it means "publish when I save").
 */
export function autosaves({ stored, startedNew, isPublished }: { stored: AdminPost | undefined; startedNew: boolean; isPublished: boolean }): boolean {
  if (stored?.isPublished) return false;
  return startedNew || !isPublished;
}

/** Where autosaving is, as the status next to the actions says. */
export type AutosaveState =
  | { kind: 'idle' }
  /** Not sent: the server would refuse it (a required field is empty, the slug is taken…). */
  | { kind: 'incomplete' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'failed'; reason: string }
  /** Someone saved a newer version: autosaving stops until that is settled. */
  | { kind: 'conflict' };

/** "12:04" (or "12:04 PM"), in the person's own time zone. */
export function clockTime(at: Date, timeZone?: string): string {
  return at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit', timeZone });
}

/**
 * What the status line says. `autosaving` false (a published post, or a
 * draft ticked Published): changes wait for Save, and it says so while
 * there are any.
 */
export function autosaveStatusText({
  state,
  autosaving,
  dirty,
  published,
  timeZone,
}: {
  state: AutosaveState;
  autosaving: boolean;
  dirty: boolean;
  /** The stored post is published. */
  published: boolean;
  timeZone?: string;
}): string {
  if (!autosaving) {
    if (!dirty) return '';
    return published
      ? 'Changes not saved yet. A published post changes only when you save it.'
      : 'Changes not saved yet. Published is ticked, so they are saved when you save the post.';
  }
  switch (state.kind) {
    case 'saving':
      return 'Saving…';
    case 'saved':
      return `Saved · ${clockTime(state.at, timeZone)}`;
    case 'failed':
      return `Not saved: ${state.reason} It is tried again when you next type.`;
    case 'conflict':
      return 'Not saved: someone else saved a newer version. Compare them, then save.';
    case 'incomplete':
      return dirty ? 'Kept in this browser only: a draft is saved once its title, slug, excerpt and content are right.' : '';
    case 'idle':
      return '';
  }
}

export type Autosaver = {
  /** Something changed: save after the pause (the pause starts again). */
  changed: () => void;
  /** Forget a save waiting for the pause (a save by hand is about to happen). */
  cancel: () => void;
  /** Resolves once no save is on its way. */
  idle: () => Promise<void>;
};

/**
 * Runs `save` once changes pause for `delayMs`, never two at once: a pause
 * that ends while one is on its way runs the next as soon as it returns, so
 * the last change is always sent, based on the version the previous one made.
 * `save`'s failures are its own to report; they do not stop later saves.
 */
export function createAutosaver(save: () => Promise<void>, delayMs = AUTOSAVE_DELAY_MS): Autosaver {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let flight: Promise<void> | null = null;
  let queued = false;

  const fire = () => {
    timer = undefined;
    if (flight) {
      queued = true;
      return;
    }
    flight = save()
      .catch(() => undefined)
      .finally(() => {
        flight = null;
        if (queued) {
          queued = false;
          fire();
        }
      });
  };

  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    queued = false;
  };

  return {
    changed: () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(fire, delayMs);
    },
    cancel,
    idle: async () => {
      while (flight) await flight;
    },
  };
}
