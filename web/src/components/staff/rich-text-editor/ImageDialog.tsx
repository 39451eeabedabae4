import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/use-toast';
import { FieldError } from '../FieldError';
import { MediaPicker, MediaPickerStylesheet } from '../media-picker';
import { imagesQueryKey, mapImages, thumbnailSrc, type ImagesData, type LibraryImage } from '../media-picker/library';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_LABEL, saveImageAlt, uploadImage } from '../upload-image';
import {
  defaultAltText,
  insertLibraryImage,
  uploadEditorImage,
  type EditorImage,
  type StoreAlt,
} from './insert-image';

type ImageDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The dialog has gone and its focus trap with it: where focus goes next. */
  onClosed: () => void;
  /** The upload worked (or a library image was chosen): insert its image. */
  onInsert: (image: EditorImage) => void;
  /** The upload failed: insert the fallback image and tell the person why. */
  onFailed: (image: EditorImage, message: string) => void;
};

/**
 * Puts an image into the text: a file uploaded (with its progress) or one
 * chosen from the media library, and its alt text, which is also stored on
 * the library image so it is offered next time. Cancel during an upload
 * stops it.
 */
export function ImageDialog({ open, onClose, onClosed, onInsert, onFailed }: ImageDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      {/* With the editor, not when the picker opens (see MediaPickerStylesheet). */}
      <MediaPickerStylesheet />
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

/** Says, without alarm, that the image went in but the library did not get its alt text. */
function altNotSavedNotice(message: string) {
  toast({ title: 'Alt text not saved to the library', description: message });
}

function ImageForm({ onClose, onInsert, onFailed }: Omit<ImageDialogProps, 'open' | 'onClosed'>) {
  const id = useId();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [picked, setPicked] = useState<LibraryImage | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  // Set when an image was just chosen, so the picker's focus return goes to the alt text.
  const justPicked = useRef(false);
  const [alt, setAlt] = useState('');
  // The alt text last offered from a library image, replaced by the next one unless edited.
  const [offered, setOffered] = useState('');
  const [decorative, setDecorative] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [altError, setAltError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  // Stores the alt text on the library image and in the loaded library pages
  // (the Media tab and the picker show it without a reload).
  const storeAlt: StoreAlt = useCallback(
    async (key, altText) => {
      const saved = await saveImageAlt(key, altText);
      queryClient.setQueryData<ImagesData>(imagesQueryKey, (data) => mapImages(data, (i) => (i.key === saved.key ? saved : i)));
    },
    [queryClient],
  );

  const pick = (image: LibraryImage) => {
    justPicked.current = true;
    setPicked(image);
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
    setFileError(null);
    const next = defaultAltText(alt, offered, image);
    setAlt(next);
    setOffered(image.altText);
    if (next.trim() !== '') setAltError(null);
    setPickerOpen(false);
  };

  const busy = progress !== null || saving;
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    e.stopPropagation();
    if (busy) return;
    if (!file && !picked) {
      setFileError('Choose an image file to upload, or an image from the media library.');
      fileInput.current?.focus();
      return;
    }
    const text = decorative ? '' : alt.trim();
    if (!decorative && text === '') {
      setAltError('Describe the image, or mark it as decoration.');
      altInput.current?.focus();
      return;
    }
    if (picked) {
      setSaving(true);
      const result = await insertLibraryImage(picked, text, storeAlt);
      if (result.altNotSaved) altNotSavedNotice(result.altNotSaved);
      onInsert(result.image);
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      const result = await uploadEditorImage(
        file!,
        text,
        uploadImage,
        { onProgress: setProgress, signal: controller.signal },
        storeAlt,
      );
      if (result.ok) {
        // The new image joins the library (the Media tab reads it afresh).
        void queryClient.invalidateQueries({ queryKey: imagesQueryKey });
        if (result.altNotSaved) altNotSavedNotice(result.altNotSaved);
        onInsert(result.image);
      } else onFailed(result.image, result.message);
    } catch {
      // Cancelled: the dialog is already closing.
    } finally {
      abort.current = null;
    }
  };

  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);
  const altHint = picked?.altText
    ? 'Offered from the media library. Change it here to describe the image differently in this text.'
    : 'What the image shows, for people who cannot see it. It is also saved with the image in the media library.';
  const submitLabel = picked ? (saving ? 'Inserting…' : 'Insert image') : uploading ? 'Uploading…' : 'Upload and insert';
  return (
    <form className="staff-form" onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <Dialog.Title className="staff-dialog__title">Insert image</Dialog.Title>
      <Dialog.Description className="staff-dialog__body">
        Upload an image to the media library, or choose one already there. It goes where the cursor is.
      </Dialog.Description>
      <div className="staff-field">
        <label htmlFor={`${id}-file`}>Image file</label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          disabled={busy}
          onChange={(e) => {
            const chosen = e.currentTarget.files?.[0] ?? null;
            setFile(chosen);
            // A file replaces an image chosen from the library.
            if (chosen) setPicked(null);
            setFileError(null);
          }}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={`${id}-file-hint${fileError ? ` ${id}-file-error` : ''}`}
        />
        <p id={`${id}-file-hint`} className="staff-field__hint">
          JPEG, PNG, WebP or GIF, up to {MAX_UPLOAD_LABEL}.
        </p>
        <FieldError id={`${id}-file-error`} message={fileError} />
      </div>
      <div className="staff-field">
        <div className="media-source">
          <span aria-hidden="true">or</span>
          <button
            type="button"
            className="button button--small"
            aria-haspopup="dialog"
            aria-disabled={busy || undefined}
            onClick={() => !busy && setPickerOpen(true)}
          >
            {picked ? 'Choose another from the media library' : 'Choose from the media library'}
          </button>
        </div>
        {picked && (
          <div className="media-choice" data-testid="image-dialog-choice">
            <img src={thumbnailSrc(picked.key)} alt="" />
            <span className="media-choice__text">
              <span className="media-choice__name">{picked.originalName || picked.key}</span>
              <span>Chosen from the media library</span>
            </span>
          </div>
        )}
      </div>
      <div className="staff-field">
        <label htmlFor={`${id}-alt`}>Alternative text</label>
        <input
          ref={altInput}
          id={`${id}-alt`}
          type="text"
          value={decorative ? '' : alt}
          maxLength={300}
          disabled={busy || decorative}
          onChange={(e) => {
            setAlt(e.currentTarget.value);
            setAltError(null);
          }}
          aria-invalid={altError ? true : undefined}
          aria-describedby={`${id}-alt-hint${altError ? ` ${id}-alt-error` : ''}`}
        />
        <p id={`${id}-alt-hint`} className="staff-field__hint">
          {altHint}
        </p>
        <FieldError id={`${id}-alt-error`} message={altError} />
        <label className="media-decorative">
          <input
            type="checkbox"
            checked={decorative}
            disabled={busy}
            onChange={(e) => {
              setDecorative(e.currentTarget.checked);
              setAltError(null);
            }}
          />
          It is only decoration (screen readers skip it)
        </label>
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
        <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
          {submitLabel}
        </button>
      </div>
      <MediaPicker
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        onPick={pick}
        emptyHint="Upload an image with “Image file” above, or in the Media tab, and it will appear here."
        onCloseAutoFocus={(e) => {
          if (!justPicked.current) return;
          justPicked.current = false;
          e.preventDefault();
          altInput.current?.focus();
          altInput.current?.select();
        }}
      />
    </form>
  );
}
