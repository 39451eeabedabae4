import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/staff/ConfirmDialog';
import { formatBytes, formatDate, formatDateTime, parseTimestamp } from '@/components/staff/format';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api-errors';
import { useCan } from '../../shell/access';
import { useDeleteImage } from '../api/delete-image';
import type { LibraryImage } from '../api/list-images';
import { useUpdateImage } from '../api/update-image';
import { absoluteUrl, imageTypeLabel, thumbnailSize, THUMBNAIL_WIDTH } from '../utils/files';

const ALT_MAX = 300;

type ImageCardProps = {
  image: LibraryImage;
  /** Says something to screen-reader users (the tab's polite live region). */
  announce: (message: string) => void;
  /** After a delete, where focus goes (this card is gone). */
  onDeleted: () => void;
};

/**
 * One library image: thumbnail, facts, alt text, copy URL and delete; a
 * role that only reads media (sales) sees the alt text and copies the URL.
 */
export function ImageCard({ image, announce, onDeleted }: ImageCardProps) {
  const editor = useCan('editContent');
  const nameId = useId();
  const name = image.originalName || image.key;
  const thumb = thumbnailSize(image);
  const created = parseTimestamp(image.createdAt);
  return (
    <article className="media-card" aria-labelledby={nameId} data-image-key={image.key}>
      <a className="media-card__thumb" href={image.url} target="_blank" rel="noopener">
        <img
          src={`/media/${image.key}?w=${THUMBNAIL_WIDTH}`}
          width={thumb.width}
          height={thumb.height}
          alt={image.altText}
          loading="lazy"
          decoding="async"
        />
        <span className="visually-hidden">Open {name} full size in a new tab</span>
      </a>
      <div className="media-card__body">
        <h3 id={nameId} className="media-card__name" title={name}>
          {name}
        </h3>
        <dl className="media-card__facts">
          <div>
            <dt>Dimensions</dt>
            <dd>
              {image.width} × {image.height}
              <span className="visually-hidden"> pixels</span>
            </dd>
          </div>
          <div>
            <dt>Size</dt>
            <dd>{formatBytes(image.bytes)}</dd>
          </div>
          <div>
            <dt>Type</dt>
            <dd>{imageTypeLabel(image.mime)}</dd>
          </div>
          {created && (
            <div>
              <dt>Uploaded</dt>
              <dd>
                <time dateTime={image.createdAt} title={formatDateTime(created)}>
                  {formatDate(created)}
                </time>
              </dd>
            </div>
          )}
          {!editor && (
            <div className="media-card__fact--wide">
              <dt>Alt text</dt>
              <dd>{image.altText || 'None'}</dd>
            </div>
          )}
        </dl>
        {editor && <AltTextForm image={image} name={name} />}
        <div className="media-card__actions">
          <CopyUrlButton url={image.url} name={name} announce={announce} />
          {editor && <DeleteImageButton image={image} name={name} announce={announce} onDeleted={onDeleted} />}
        </div>
      </div>
    </article>
  );
}

function AltTextForm({ image, name }: { image: LibraryImage; name: string }) {
  const [altText, setAltText] = useState(image.altText);
  const update = useUpdateImage();
  const inputId = useId();
  const hintId = useId();
  // A newer alt text from the server (another tab, a refetch) replaces an unedited field.
  const [base, setBase] = useState(image.altText);
  if (base !== image.altText) {
    setBase(image.altText);
    if (altText === base) setAltText(image.altText);
  }
  const changed = altText.trim() !== image.altText;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!changed) return;
    update.mutate(
      { key: image.key, altText: altText.trim() },
      {
        onSuccess: (saved) => {
          setAltText(saved.altText);
          toast({ title: 'Success', description: 'Alt text saved' });
        },
        onError: (err) =>
          toast({ variant: 'destructive', title: 'Error', description: serverMessage(err) ?? 'Failed to save alt text' }),
      },
    );
  };
  return (
    <form className="media-card__alt" onSubmit={onSubmit}>
      <label htmlFor={inputId}>
        Alt text<span className="visually-hidden"> for {name}</span>
      </label>
      <textarea
        id={inputId}
        rows={2}
        maxLength={ALT_MAX}
        value={altText}
        onChange={(e) => setAltText(e.currentTarget.value.replace(/\s*\n\s*/g, ' '))}
        // Alt text is one line: Enter saves it.
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
          e.preventDefault();
          e.currentTarget.form?.requestSubmit();
        }}
        aria-describedby={hintId}
        placeholder="e.g. Technician lining a clay sewer pipe in Mesa"
      />
      <p id={hintId} className="staff-field__hint">
        {image.altText
          ? 'Describes the image for people who cannot see it.'
          : 'Missing: describe the image for people who cannot see it.'}
      </p>
      <div className="media-card__alt-foot">
        <span className="media-card__count">
          {altText.length}/{ALT_MAX}
          <span className="visually-hidden"> characters</span>
        </span>
        <button type="submit" className="button button--small" disabled={!changed || update.isPending}>
          {update.isPending ? 'Saving…' : 'Save alt text'}
          <span className="visually-hidden"> for {name}</span>
        </button>
      </div>
    </form>
  );
}

/** Writes text to the clipboard; the old execCommand route where the Clipboard API is missing. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

function CopyUrlButton({ url, name, announce }: { url: string; name: string; announce: (m: string) => void }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  const copy = async () => {
    const full = absoluteUrl(url, window.location.origin);
    try {
      await copyText(full);
      setCopied(true);
      announce('URL copied');
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: `The URL could not be copied. Copy it by hand: ${full}` });
    }
  };
  return (
    <button type="button" className="button button--small" onClick={() => void copy()}>
      {copied ? 'Copied' : 'Copy URL'}
      <span className="visually-hidden">{copied ? ` URL of ${name}` : ` of ${name}`}</span>
    </button>
  );
}

function DeleteImageButton({
  image,
  name,
  announce,
  onDeleted,
}: {
  image: LibraryImage;
  name: string;
  announce: (m: string) => void;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteImage();
  // The card goes with the image, so focus cannot return to its button.
  const deleted = useRef(false);
  const confirm = () =>
    remove.mutate(image.key, {
      onSuccess: () => {
        deleted.current = true;
        setOpen(false);
        toast({ title: 'Success', description: 'Image deleted' });
        announce(`${name} deleted`);
      },
      onError: (err) => {
        setOpen(false);
        toast({ variant: 'destructive', title: 'Error', description: serverMessage(err) ?? 'Failed to delete image' });
      },
    });
  return (
    <>
      <button type="button" className="button button--small button--danger" onClick={() => setOpen(true)}>
        Delete<span className="visually-hidden"> {name}</span>
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this image?"
        description={
          <>
            <p>
              “{name}” and all its sizes will be deleted. Posts and pages that show it will show a broken image instead.
            </p>
            <p>This cannot be undone.</p>
          </>
        }
        confirmLabel="Delete image"
        pendingLabel="Deleting…"
        destructive
        pending={remove.isPending}
        onConfirm={confirm}
        onCloseAutoFocus={(e) => {
          if (!deleted.current) return;
          e.preventDefault();
          onDeleted();
        }}
      />
    </>
  );
}
