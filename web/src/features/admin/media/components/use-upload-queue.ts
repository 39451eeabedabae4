import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { useUploadImage } from '../api/upload-image';
import { nextUpload, uploadsReducer } from '../utils/upload-queue';

let nextId = 0;

/**
 * The upload list and its runner: files are added, then uploaded one at a
 * time with progress; a failure keeps the server's message on its row and
 * is also toasted. `onUploaded` hears of each stored image.
 */
export function useUploadQueue(onUploaded: (name: string) => void) {
  const [uploads, dispatch] = useReducer(uploadsReducer, []);
  const files = useRef(new Map<string, File>());
  const controllers = useRef(new Map<string, AbortController>());
  const upload = useUploadImage();
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  }, [onUploaded]);

  const next = nextUpload(uploads);
  useEffect(() => {
    if (!next) return;
    const file = files.current.get(next.id);
    if (!file) return;
    const controller = new AbortController();
    controllers.current.set(next.id, controller);
    dispatch({ type: 'start', id: next.id });
    upload(file, {
      signal: controller.signal,
      onProgress: (fraction) => dispatch({ type: 'progress', id: next.id, fraction }),
    })
      .then(() => {
        dispatch({ type: 'done', id: next.id });
        onUploadedRef.current(file.name);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        const message = serverMessage(err) ?? errorMessage(err);
        dispatch({ type: 'fail', id: next.id, message });
        toast({ variant: 'destructive', title: 'Upload failed', description: `${file.name}: ${message}` });
      })
      .finally(() => {
        files.current.delete(next.id);
        controllers.current.delete(next.id);
      });
  }, [next, upload]);

  // Leaving the tab stops what is still going.
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((c) => c.abort());
  }, []);

  const add = useCallback((picked: File[]) => {
    const added = picked.map((file) => {
      nextId += 1;
      const id = `upload-${nextId}`;
      files.current.set(id, file);
      return { id, name: file.name, size: file.size };
    });
    if (added.length > 0) dispatch({ type: 'add', uploads: added });
  }, []);

  const cancel = useCallback((id: string) => {
    dispatch({ type: 'cancel', id });
    controllers.current.get(id)?.abort();
    files.current.delete(id);
  }, []);

  const dismiss = useCallback((id: string) => dispatch({ type: 'dismiss', id }), []);
  const clearFinished = useCallback(() => dispatch({ type: 'clear-finished' }), []);

  return { uploads, add, cancel, dismiss, clearFinished };
}
