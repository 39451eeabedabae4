import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_LABEL, uploadImage } from '../upload-image';
import { uploadEditorImage, type EditorImage } from './insert-image';

type ImageDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The dialog has gone and its focus trap with it: where focus goes next. */
  onClosed: () => void;
  /** The upload worked: insert its image. */
  onInsert: (image: EditorImage) => void;
  /** The upload failed: insert the fallback image and tell the person why. */
  onFailed: (image: EditorImage, message: string) => void;
};

/**
 * Uploads an image into the text: choose a file, describe it (alt text),
 * watch the upload's progress. Cancel during an upload stops it.
 */
export function ImageDialog({ open, onClose, onClosed, onInsert, onFailed }: ImageDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="staff-dialog__overlay" />
        <Dialog.Content
          className="staff-dialog"
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            onClosed();
          }}
        >
          {open && <ImageForm onClose={onClose} onInsert={onInsert} onFailed={onFailed} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ImageForm({ onClose, onInsert, onFailed }: Omit<ImageDialogProps, 'open' | 'onClosed'>) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    e.stopPropagation();
    if (progress !== null) return;
    if (!file) {
      setError('Choose an image file to upload.');
      document.getElementById(`${id}-file`)?.focus();
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      const result = await uploadEditorImage(file, alt, uploadImage, { onProgress: setProgress, signal: controller.signal });
      if (result.ok) onInsert(result.image);
      else onFailed(result.image, result.message);
    } catch {
      // Cancelled: the dialog is already closing.
    } finally {
      abort.current = null;
    }
  };

  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <form className="staff-form" onSubmit={submit} noValidate aria-busy={uploading || undefined}>
      <Dialog.Title className="staff-dialog__title">Insert image</Dialog.Title>
      <Dialog.Description className="staff-dialog__body">
        The image is uploaded to the media library and placed where the cursor is.
      </Dialog.Description>
      <div className="staff-field">
        <label htmlFor={`${id}-file`}>Image file</label>
        <input
          id={`${id}-file`}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          disabled={uploading}
          onChange={(e) => {
            setFile(e.currentTarget.files?.[0] ?? null);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-file-hint${error ? ` ${id}-file-error` : ''}`}
        />
        <p id={`${id}-file-hint`} className="staff-field__hint">
          JPEG, PNG, WebP or GIF, up to {MAX_UPLOAD_LABEL}.
        </p>
        {error && (
          <p id={`${id}-file-error`} className="staff-field__error">
            {error}
          </p>
        )}
      </div>
      <div className="staff-field">
        <label htmlFor={`${id}-alt`}>Alternative text</label>
        <input
          id={`${id}-alt`}
          type="text"
          value={alt}
          disabled={uploading}
          onChange={(e) => setAlt(e.currentTarget.value)}
          aria-describedby={`${id}-alt-hint`}
        />
        <p id={`${id}-alt-hint`} className="staff-field__hint">
          What the image shows, for people who cannot see it. Leave empty only if it is decoration.
        </p>
      </div>
      {uploading && (
        <div className="rte__upload">
          <label htmlFor={`${id}-progress`}>Uploading…</label>
          <progress id={`${id}-progress`} max={100} value={percent}>
            {percent}%
          </progress>
          <span aria-hidden="true">{percent}%</span>
        </div>
      )}
      <div className="staff-dialog__actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            abort.current?.abort();
            onClose();
          }}
        >
          Cancel
        </button>
        <button type="submit" className="button button--primary" aria-disabled={uploading || undefined}>
          {uploading ? 'Uploading…' : 'Upload and insert'}
        </button>
      </div>
    </form>
  );
}
