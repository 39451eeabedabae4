import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { formatBytes } from '@/components/staff/format';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_LABEL } from '@/components/staff/upload-image';
import { ACCEPTED_TYPES_LABEL, dragHasFiles, splitFiles } from '../utils/files';
import { isActive, isFinished, uploadStatusText, type Upload } from '../utils/upload-queue';
import { useUploadQueue } from './use-upload-queue';

/**
 * Upload by file picker or drag and drop. The drop zone is the picker's
 * label, so a click, Enter or Space on it opens the picker; a drop anywhere
 * on it adds the files. Each file then has a row with its progress and, if
 * it fails, the server's reason.
 */
export function UploadPanel({ onUploaded }: { onUploaded: (name: string) => void }) {
  const { uploads, add, cancel, dismiss, clearFinished } = useUploadQueue(onUploaded);
  const [rejected, setRejected] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const inputId = useId();
  const titleId = useId();
  const hintId = useId();

  const take = (files: File[]) => {
    const split = splitFiles(files);
    setRejected(split.rejected.map((r) => r.reason));
    add(split.accepted);
  };

  // A file dropped just beside the zone would make the browser open it and
  // leave the page: while the tab is open, only the zone takes drops.
  useEffect(() => {
    const stop = (e: globalThis.DragEvent) => {
      if (e.dataTransfer && dragHasFiles([...e.dataTransfer.types])) e.preventDefault();
    };
    window.addEventListener('dragover', stop);
    window.addEventListener('drop', stop);
    return () => {
      window.removeEventListener('dragover', stop);
      window.removeEventListener('drop', stop);
    };
  }, []);

  const onDragEnter = (e: DragEvent) => {
    if (!dragHasFiles([...e.dataTransfer.types])) return;
    e.preventDefault();
    depth.current += 1;
    setDragging(true);
  };
  const onDragOver = (e: DragEvent) => {
    if (!dragHasFiles([...e.dataTransfer.types])) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    depth.current = 0;
    setDragging(false);
    take([...e.dataTransfer.files]);
  };

  const finished = uploads.filter(isFinished).length;

  return (
    <section className="admin-card media-upload" aria-labelledby={`${titleId}-heading`}>
      <h2 id={`${titleId}-heading`} className="media-section-title">
        Upload images
      </h2>
      <label
        htmlFor={inputId}
        className={dragging ? 'media-dropzone media-dropzone--active' : 'media-dropzone'}
        onDragEnter={onDragEnter}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        data-testid="media-dropzone"
      >
        <input
          id={inputId}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          multiple
          className="visually-hidden"
          aria-labelledby={titleId}
          aria-describedby={hintId}
          onChange={(e) => {
            take([...(e.currentTarget.files ?? [])]);
            // The same file can be picked again after a failure.
            e.currentTarget.value = '';
          }}
        />
        <svg className="media-dropzone__icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
          <path
            fill="currentColor"
            d="M19 13v6H5v-6H3v6a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-6h-2zM11 4.83V16h2V4.83l3.59 3.58L18 7l-6-6-6 6 1.41 1.41L11 4.83z"
          />
        </svg>
        <span id={titleId} className="media-dropzone__title">
          {dragging ? 'Drop the images to upload them' : (
            <>
              Drag and drop images here, or <span className="media-dropzone__pick">choose files</span>
            </>
          )}
        </span>
        <span id={hintId} className="media-dropzone__hint">
          {ACCEPTED_TYPES_LABEL}, up to {MAX_UPLOAD_LABEL} each. Location and camera data are removed, and smaller
          sizes are made for fast pages.
        </span>
      </label>

      {rejected.length > 0 && (
        <div className="staff-alert staff-alert--error media-rejected" role="alert">
          <p>
            {rejected.length === 1 ? 'This file was not uploaded:' : `These ${rejected.length} files were not uploaded:`}
          </p>
          <ul>
            {rejected.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      )}

      {uploads.length > 0 && (
        <div className="media-uploads">
          <div className="media-uploads__head">
            <h3 className="media-uploads__title">Uploads</h3>
            {finished > 0 && (
              <button type="button" className="staff-linkbutton" onClick={clearFinished}>
                Clear finished
              </button>
            )}
          </div>
          <ul className="media-uploads__list" role="list">
            {uploads.map((u) => (
              <UploadRow key={u.id} upload={u} onCancel={() => cancel(u.id)} onDismiss={() => dismiss(u.id)} />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function UploadRow({ upload, onCancel, onDismiss }: { upload: Upload; onCancel: () => void; onDismiss: () => void }) {
  const nameId = useId();
  const statusId = useId();
  const failed = upload.status === 'failed';
  return (
    <li className={`media-upload-row media-upload-row--${upload.status}`} data-upload-status={upload.status}>
      <div className="media-upload-row__top">
        <span id={nameId} className="media-upload-row__name">
          {upload.name}
        </span>
        <span className="media-upload-row__size">{formatBytes(upload.size)}</span>
      </div>
      {(upload.status === 'queued' || isActive(upload)) && (
        <progress
          className="media-upload-row__bar"
          aria-labelledby={nameId}
          aria-describedby={statusId}
          max={100}
          // Processing has no measurable progress: an indeterminate bar.
          value={upload.status === 'processing' ? undefined : Math.round(upload.progress * 100)}
        />
      )}
      <div className="media-upload-row__bottom">
        <span id={statusId} className="media-upload-row__status" role={failed ? 'alert' : undefined}>
          {failed && <span className="visually-hidden">{upload.name} failed: </span>}
          {uploadStatusText(upload)}
        </span>
        {isFinished(upload) ? (
          <button type="button" className="staff-linkbutton" onClick={onDismiss}>
            Dismiss<span className="visually-hidden"> {upload.name}</span>
          </button>
        ) : (
          <button type="button" className="staff-linkbutton staff-linkbutton--danger" onClick={onCancel}>
            Cancel<span className="visually-hidden"> uploading {upload.name}</span>
          </button>
        )}
      </div>
    </li>
  );
}
