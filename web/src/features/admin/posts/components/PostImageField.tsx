import { useEffect, useId, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, FieldError } from '@/components/staff/FieldError';
import { MediaPicker, MediaPickerStylesheet } from '@/components/staff/media-picker';
import { displayImageSrc, FALLBACK_IMAGE_SRC } from '@/components/staff/rich-text-editor';
import { uploadFailureMessage } from '@/components/staff/rich-text-editor/insert-image';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_LABEL, uploadImage } from '@/components/staff/upload-image';
import { toast } from '@/components/ui/use-toast';
import { isValidImageUrl } from '../utils/post-schema';

type PostImageFieldProps = {
  /** The field's registered input (react-hook-form), spread on the URL input. */
  input: UseFormRegisterReturn<'imageUrl'>;
  value: string;
  /** An image was uploaded or chosen from the media library: its address. */
  onUploaded: (url: string) => void;
  onUploadFailed: (message: string) => void;
  onRemove: () => void;
  error?: string;
};

/**
 * The post's hero image: an address typed or pasted, a file uploaded (with
 * its progress) or an image chosen from the media library, and a thumbnail
 * of what the article will show — the site's default image when there is none.
 */
export function PostImageField({ input, value, onUploaded, onUploadFailed, onRemove, error }: PostImageFieldProps) {
  const id = useId();
  const file = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  useEffect(() => () => abort.current?.abort(), []);

  const upload = async (chosen: File) => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      const uploaded = await uploadImage(chosen, { onProgress: setProgress, signal: controller.signal });
      onUploaded(displayImageSrc(uploaded.url));
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      const message = uploadFailureMessage(err);
      toast({ variant: 'destructive', title: 'Image upload failed', description: message });
      onUploadFailed(message);
    } finally {
      abort.current = null;
      setProgress(null);
      if (file.current) file.current.value = '';
    }
  };

  const url = value.trim();
  const thumb = url !== '' && isValidImageUrl(url) ? url : FALLBACK_IMAGE_SRC;
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <fieldset className="staff-field post-image" aria-describedby={`${id}-caption`}>
      <legend>Image</legend>
      {/* With the field, not when the picker opens (see MediaPickerStylesheet). */}
      <MediaPickerStylesheet />
      <div className="post-image__layout">
        <figure className="post-image__figure">
          <img className="post-image__thumb" src={thumb} alt="" width={240} height={126} />
          <figcaption id={`${id}-caption`} className="staff-field__hint">
            {url === '' ? 'No image chosen: the article shows the default image.' : 'The article’s hero image.'}
          </figcaption>
        </figure>
        <div className="post-image__controls">
          <div className="staff-field">
            <label htmlFor={`${id}-url`}>Image URL</label>
            <input
              id={`${id}-url`}
              type="text"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(`${id}-hint`, error && `${id}-error`)}
              {...input}
            />
            <p id={`${id}-hint`} className="staff-field__hint">
              A site path (/media/…) or an https:// address; or upload a JPEG, PNG, WebP or GIF up to {MAX_UPLOAD_LABEL},
              or choose an image from the media library.
            </p>
            <FieldError id={`${id}-error`} message={error} />
          </div>
          <div className="post-image__actions">
            <button
              type="button"
              className="button button--small"
              aria-disabled={progress !== null || undefined}
              onClick={() => progress === null && file.current?.click()}
            >
              {url === '' ? 'Upload image…' : 'Upload another image…'}
            </button>
            <button
              type="button"
              className="button button--small"
              aria-haspopup="dialog"
              aria-disabled={progress !== null || undefined}
              onClick={() => progress === null && setPickerOpen(true)}
            >
              Choose from the library…
            </button>
            {url !== '' && progress === null && (
              <button type="button" className="button button--small button--danger" onClick={onRemove}>
                Remove image
              </button>
            )}
            {progress !== null && (
              <button type="button" className="button button--small" onClick={() => abort.current?.abort()}>
                Cancel upload
              </button>
            )}
            <input
              ref={file}
              type="file"
              accept={ACCEPTED_IMAGE_TYPES}
              hidden
              aria-label="Image file to upload"
              onChange={(e) => {
                const chosen = e.currentTarget.files?.[0];
                if (chosen) void upload(chosen);
              }}
            />
          </div>
          {progress !== null && (
            <div className="post-image__progress">
              <label htmlFor={`${id}-progress`}>Uploading image…</label>
              <progress id={`${id}-progress`} max={100} value={percent}>
                {percent}%
              </progress>
              <span aria-hidden="true">{percent}%</span>
            </div>
          )}
        </div>
      </div>
      <MediaPicker
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        title="Choose the post’s image"
        emptyHint="Upload an image with “Upload image…”, or in the Media tab, and it will appear here."
        onPick={(image) => {
          setPickerOpen(false);
          onUploaded(displayImageSrc(image.url));
        }}
      />
    </fieldset>
  );
}
