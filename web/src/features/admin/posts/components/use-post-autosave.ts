import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { errorMessage } from '@/lib/api-client';
import { fieldViolations, serverMessage, staleVersion } from '@/lib/api-errors';
import type { useCreatePost } from '../api/create-post';
import { getAdminPostQueryOptions } from '../api/get-admin-post';
import type { AdminPost } from '../api/get-admin-posts';
import type { useUpdatePost } from '../api/update-post';
import { AUTOSAVE_DELAY_MS, autosaves, createAutosaver, type AutosaveState } from '../utils/autosave';
import { formValuesToPayload, type PostFormValues } from '../utils/post-form';
import type { postFormSchema } from '../utils/post-schema';
import type { PostBase } from './use-post-base';

type AutosaveOptions = {
  form: UseFormReturn<PostFormValues>;
  /** The form's rules now: what they refuse is not sent. */
  schema: ReturnType<typeof postFormSchema>;
  based: PostBase;
  /** Opened at /new: its autosaves keep it a draft. */
  startedNew: boolean;
  create: ReturnType<typeof useCreatePost>;
  update: ReturnType<typeof useUpdatePost>;
  /** A new post's first autosave stored it. */
  onCreated: (post: AdminPost) => void;
};

export type PostAutosave = {
  state: AutosaveState;
  /** Whether this post saves itself (utils/autosave). */
  autosaving: boolean;
  /** Saves again once a newer version someone else saved is settled (loaded or merged). */
  resume: () => void;
  /** Forgets an autosave waiting for the pause (a save by hand or a delete is about to happen). */
  cancel: () => void;
  /** Resolves once no autosave is on its way. */
  idle: () => Promise<void>;
  /** Saved by hand (or deleted): the form is on its way out; nothing more is saved. */
  finish: () => void;
};

/**
 * Issue 28 "nothing typed is lost", part 1: a draft saves itself once
 * typing pauses (utils/autosave says which posts and what the status says).
 * Always as a draft; what the form's rules refuse is not sent (the
 * browser's copy keeps it meanwhile). A newer version someone else saved
 * stops it, fetched into the query, until that is settled.
 */
export function usePostAutosave({ form, schema, based, startedNew, create, update, onCreated }: AutosaveOptions): PostAutosave {
  const queryClient = useQueryClient();
  const { control, getValues, reset, formState } = form;
  const { isDirty } = formState;
  const { base, baseRef, setBase } = based;
  const isPublished = useWatch({ control, name: 'isPublished' });
  // Every value: the autosave follows each change.
  const allValues = useWatch({ control });
  const [state, setState] = useState<AutosaveState>({ kind: 'idle' });
  const stopped = useRef(false);
  const autosaving = autosaves({ stored: base, startedNew, isPublished });
  const done = useRef(false);
  // What the last render knew, for the autosave that runs after the pause.
  const latest = useRef({ schema, isDirty });
  useLayoutEffect(() => {
    latest.current = { schema, isDirty };
  });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const autosaveNow = async () => {
    const stored = baseRef.current;
    const values = structuredClone(getValues());
    const { schema: rules, isDirty: dirty } = latest.current;
    if (!mounted.current || done.current || stopped.current || !dirty) return;
    if (!autosaves({ stored, startedNew, isPublished: values.isPublished })) return;
    // What the server would refuse is not sent: the browser's copy keeps it meanwhile.
    if (!rules.safeParse(values).success) {
      setState({ kind: 'incomplete' });
      return;
    }
    setState({ kind: 'saving' });
    // Always a draft: the Published box takes effect on Create post / Save changes.
    const fields = { ...formValuesToPayload(values, stored), isPublished: false, autosave: true };
    try {
      const saved = stored
        ? await update.mutateAsync({ id: stored.id, fields: { ...fields, baseVersion: stored.version } })
        : await create.mutateAsync(fields);
      if (!mounted.current || done.current) return;
      setBase(saved);
      // What was sent is now what "unchanged" means; anything typed while it
      // was on its way stays unsaved (dirty), so the leave guard still asks.
      reset(values, { keepValues: true, keepErrors: true, keepTouched: true, keepIsSubmitted: true, keepSubmitCount: true });
      setState({ kind: 'saved', at: new Date() });
      if (!stored) onCreated(saved);
    } catch (err) {
      if (!mounted.current || done.current) return;
      const stale = staleVersion(err);
      if (stale && stored) {
        // No dialog mid-typing: their version goes into the query, and the
        // notice by the actions says so, with Compare.
        stopped.current = true;
        setState({ kind: 'conflict' });
        void queryClient.fetchQuery({ ...getAdminPostQueryOptions(stored.id), staleTime: 0 }).catch(() => undefined);
        return;
      }
      setState({ kind: 'failed', reason: autosaveFailure(err) });
    }
  };
  const autosaveLatest = useRef(autosaveNow);
  useLayoutEffect(() => {
    autosaveLatest.current = autosaveNow;
  });
  const [autosaver] = useState(() => createAutosaver(() => autosaveLatest.current(), AUTOSAVE_DELAY_MS));
  useEffect(() => () => autosaver.cancel(), [autosaver]);
  useEffect(() => {
    if (isDirty && autosaving) autosaver.changed();
  }, [allValues, isDirty, autosaving, autosaver]);

  return {
    state,
    autosaving,
    resume: () => {
      stopped.current = false;
      setState({ kind: 'idle' });
    },
    cancel: autosaver.cancel,
    idle: autosaver.idle,
    finish: () => {
      done.current = true;
    },
  };
}

/** Why an autosave failed, in the server's words where it has some ("Not saved: …"). */
function autosaveFailure(err: unknown): string {
  const reason = fieldViolations(err)[0]?.message ?? serverMessage(err) ?? errorMessage(err);
  return /[.!?]$/.test(reason) ? reason : `${reason}.`;
}
