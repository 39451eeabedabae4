import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ConflictDialogProps, ConflictRow } from '@/components/staff/ConflictDialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { serverMessage, type StaleVersion } from '@/lib/api-errors';
import { getAdminPostQueryOptions } from '../api/get-admin-post';
import type { AdminPost } from '../api/get-admin-posts';
import { mergePostValues, postConflictRows, versionNumber } from '../utils/post-conflict';
import { postToFormValues, type PostFormValues } from '../utils/post-form';
import type { PostBase } from './use-post-base';

/** A save refused because someone saved a newer version (issue 28). */
type Conflict = {
  /** Who saved the version the dialog compares with, and when. */
  stale: StaleVersion;
  /** Their version; null while it loads. */
  theirs: AdminPost | null;
  /** The form's values when the conflict was found. */
  yours: PostFormValues;
};

/** What the notice next to the actions says after a conflict was settled. */
export type Settled = { how: 'merged' | 'loaded'; who: string };

type ConflictOptions = {
  /** The post as the query has it now (someone else's save included). */
  post: AdminPost | undefined;
  form: UseFormReturn<PostFormValues>;
  based: PostBase;
  /** The form shows this stored version, and is based on it (nothing unsaved). */
  showVersion: (shown: AdminPost) => void;
  /** The autosave may run again (a merge settled the conflict). */
  resumeAutosave: () => void;
  /** Saves the form over their version (the dialog's "save mine"). */
  saveOver: (version: string) => Promise<void>;
  /** Where the focus goes after a choice in the dialog (the notice's Compare may be gone). */
  saveButton: RefObject<HTMLButtonElement | null>;
};

export type PostConflicts = {
  /** A newer version than the form's base, with changes typed: the notice offers Compare. */
  newer: AdminPost | null;
  settled: Settled | null;
  clearSettled: () => void;
  /** A save was refused (409): both versions side by side, theirs read fresh. */
  open: (stale: StaleVersion, yours: PostFormValues) => Promise<void>;
  /** The dialog closes (a save went through, or there is something to fix in the form). */
  close: () => void;
  compare: () => void;
  /** The dialog, when one is open. */
  dialog: ConflictDialogProps | null;
};

/**
 * Issue 28: someone else saved a newer version of the post. A newer version
 * reaching the query while nothing is typed simply shows; with changes typed
 * (or a conflict being settled) it never replaces them: a notice says so,
 * and Compare opens the dialog. A refused save opens it at once. A restored
 * revision is shown explicitly instead (the form's onRestored), as the
 * restore's confirmation promised.
 */
export function usePostConflicts({ post, form, based, showVersion, resumeAutosave, saveOver, saveButton }: ConflictOptions): PostConflicts {
  const queryClient = useQueryClient();
  const { reset, getValues, formState } = form;
  const { base, setBase } = based;
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [settled, setSettled] = useState<Settled | null>(null);

  const newer = post && base && versionNumber(post.version) > versionNumber(base.version) ? post : null;
  const keepTyping = formState.isDirty || conflict !== null;
  useEffect(() => {
    if (newer && !keepTyping) {
      setBase(newer);
      setSettled(null);
      reset(postToFormValues(newer));
    }
  }, [newer, keepTyping, reset, setBase]);

  /**
   * The dialog opens at once (their version loading), and their version is
   * read fresh. It goes into the query cache too (the aside shows the post
   * as stored); the form keeps what was typed, as it does for any newer
   * version while a conflict is open.
   */
  const open = async (stale: StaleVersion, yours: PostFormValues) => {
    if (!post) return;
    setConflict({ stale, theirs: null, yours });
    try {
      const theirs = await queryClient.fetchQuery({ ...getAdminPostQueryOptions(post.id), staleTime: 0 });
      // (Closed meanwhile with Keep editing: stays closed.)
      setConflict((c) => c && { ...c, theirs, stale: storedVersion(theirs) });
    } catch (err) {
      setConflict(null);
      toast({
        variant: 'destructive',
        title: 'Error',
        description: `The newer version could not be loaded (${serverMessage(err) ?? errorMessage(err)}). Your changes are still in the form; save again to retry.`,
      });
    }
  };

  /** Where the focus goes when the dialog closes after a choice. */
  const focusAfter = useRef<HTMLElement | null>(null);
  const closeThen = (then?: HTMLElement | null) => {
    focusAfter.current = then ?? null;
    setConflict(null);
  };
  const loadTheirs = () => {
    if (!conflict?.theirs) return;
    showVersion(conflict.theirs);
    setSettled({ how: 'loaded', who: conflict.stale.updatedBy });
    closeThen(saveButton.current);
  };
  const mergeOnTheirs = () => {
    if (!conflict?.theirs || !base) return;
    const theirs = postToFormValues(conflict.theirs);
    const merged = mergePostValues(postToFormValues(base), theirs, getValues());
    setBase(conflict.theirs);
    // Their version becomes what "unchanged" means; the merge is laid on top
    // of it, so the fields taken from yours stay unsaved (dirty) for review.
    reset(theirs);
    reset(merged, { keepDefaultValues: true });
    resumeAutosave();
    setSettled({ how: 'merged', who: conflict.stale.updatedBy });
    closeThen(saveButton.current);
  };
  // Only a save from the dialog makes it wait: the refused save that opened
  // it is still finishing as it opens, and its safe button must take the focus.
  const [overwriting, setOverwriting] = useState(false);
  const overwrite = async (theirs: AdminPost) => {
    setOverwriting(true);
    try {
      await saveOver(theirs.version);
    } finally {
      setOverwriting(false);
    }
  };

  const dialog: ConflictDialogProps | null = conflict && {
    open: true,
    onOpenChange: (isOpen) => !isOpen && closeThen(),
    what: 'post',
    stale: conflict.stale,
    rows: conflict.theirs && base ? conflictRows(base, conflict.theirs, conflict.yours) : [],
    loading: conflict.theirs === null,
    pending: overwriting,
    onOverwrite: () => conflict.theirs && void overwrite(conflict.theirs),
    onLoadTheirs: loadTheirs,
    onMerge: mergeOnTheirs,
    onCloseAutoFocus: (e) => {
      const then = focusAfter.current;
      focusAfter.current = null;
      if (then?.isConnected) {
        e.preventDefault();
        then.focus();
      }
    },
  };

  return {
    newer,
    settled,
    clearSettled: () => setSettled(null),
    open,
    close: () => setConflict(null),
    compare: () => {
      if (newer) setConflict({ stale: storedVersion(newer), theirs: newer, yours: getValues() });
    },
    dialog,
  };
}

/** The dialog's rows: each field that differs, with "You did not change this." where yours is the base's. */
function conflictRows(base: AdminPost, theirs: AdminPost, yours: PostFormValues): ConflictRow[] {
  // The originals each version links to, by title (a Spanish post's translations name its original).
  const titles = Object.fromEntries([...base.translations, ...theirs.translations].map((t) => [t.id, t.title]));
  return postConflictRows(postToFormValues(base), postToFormValues(theirs), yours, undefined, titles).map((r) => ({
    label: r.label,
    theirs: r.theirs,
    yours: r.yoursUnchanged ? (
      <>
        {r.yours}
        <span className="post-conflict__unchanged"> You did not change this.</span>
      </>
    ) : (
      r.yours
    ),
  }));
}

/** Who saved a stored version and when, as a refused save's 409 says it. */
function storedVersion(post: AdminPost): StaleVersion {
  return { version: post.version, updatedBy: post.updatedBy, updatedAt: post.updatedAt };
}
