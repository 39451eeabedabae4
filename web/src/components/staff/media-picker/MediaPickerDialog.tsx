import * as Dialog from '@radix-ui/react-dialog';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { errorMessage } from '@/lib/api-client';
import { LoadFailedAlert } from '../LoadFailedAlert';
import { Spinner } from '../Spinner';
import {
  filterImages,
  imageName,
  listImagesQueryOptions,
  nextGridIndex,
  thumbnailSize,
  thumbnailSrc,
  type LibraryImage,
} from './library';

export type MediaPickerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The image chosen; the picker does not close itself (the caller sets `open`). */
  onPick: (image: LibraryImage) => void;
  /** The dialog's title. Default: "Choose from the media library". */
  title?: string;
  /** What to do when the library is empty: where to upload. */
  emptyHint?: string;
  /** Where focus goes when the picker closes (Radix's onCloseAutoFocus; default: back where it was). */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * The media picker (loaded only when first opened; see index.tsx): the
 * library's images newest first, a page at a time, with their alt text, a
 * filter over what is loaded, and one image chosen by click, Enter or Space.
 * The grid is one tab stop: arrow keys, Home and End move within it.
 */
export default function MediaPickerDialog({
  open,
  onOpenChange,
  onPick,
  title = 'Choose from the media library',
  emptyHint = 'Upload an image and it will appear here; images uploaded in the Media tab appear here too.',
  onCloseAutoFocus,
}: MediaPickerProps) {
  // Focus goes back to what opened the picker, returned by hand as the other
  // staff dialogs do (Radix's own return does not find it under preact).
  // Read before the dialog moves focus inside (a layout effect runs first).
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="staff-dialog__overlay" />
        <Dialog.Content
          className="staff-dialog media-picker"
          onCloseAutoFocus={(e) => {
            onCloseAutoFocus?.(e);
            if (e.defaultPrevented) return;
            e.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
        >
          <Dialog.Title className="staff-dialog__title">{title}</Dialog.Title>
          <Dialog.Description className="staff-dialog__body">
            Newest first. Choose an image to use it.
          </Dialog.Description>
          {open && <PickerBody onPick={onPick} emptyHint={emptyHint} />}
          <div className="staff-dialog__actions">
            <Dialog.Close className="button">Cancel</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PickerBody({ onPick, emptyHint }: { onPick: (image: LibraryImage) => void; emptyHint: string }) {
  const id = useId();
  // Read afresh on every open (shown from the cache meanwhile): images may
  // have been uploaded elsewhere since the library was last loaded.
  const images = useInfiniteQuery({ ...listImagesQueryOptions(), refetchOnMount: 'always' });
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const grid = useRef<HTMLUListElement>(null);
  // The filter takes focus when it first appears (the library may still have
  // been loading when the dialog opened and focused its Cancel button).
  const focusedFilter = useRef(false);
  const focusFilter = (el: HTMLInputElement | null) => {
    if (!el || focusedFilter.current) return;
    focusedFilter.current = true;
    el.focus();
  };

  const all = images.data?.pages.flatMap((p) => p.images) ?? [];
  const shown = filterImages(all, search);
  const current = Math.max(0, Math.min(active, shown.length - 1));
  const filtering = search.trim() !== '';

  const onGridKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const buttons = [...(grid.current?.querySelectorAll<HTMLButtonElement>('.media-picker__item') ?? [])];
    // Columns as laid out now: the items on the first row share its top.
    const top = buttons[0]?.offsetTop;
    const columns = buttons.filter((b) => b.offsetTop === top).length;
    const next = nextGridIndex(current, e.key, buttons.length, columns);
    if (next === null) return;
    e.preventDefault();
    setActive(next);
    buttons[next]?.focus();
  };

  if (images.isPending) return <Spinner label="Loading the media library…" />;
  if (!images.data) {
    return (
      <LoadFailedAlert subject="The media library" error={images.error} onRetry={() => void images.refetch()} />
    );
  }
  if (all.length === 0 && !images.hasNextPage) {
    return (
      <div className="media-picker__empty">
        <p className="media-picker__empty-title">The media library has no images yet.</p>
        <p>{emptyHint}</p>
      </div>
    );
  }

  const count = all.length === 1 ? '1 image' : `${all.length} images`;
  return (
    <>
      <div className="staff-field media-picker__search">
        <label htmlFor={`${id}-search`}>Filter by file name or alt text</label>
        <input
          ref={focusFilter}
          id={`${id}-search`}
          type="search"
          value={search}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setActive(0);
          }}
          aria-describedby={`${id}-count ${id}-keys`}
        />
      </div>
      <p id={`${id}-count`} className="staff-note" role="status" aria-live="polite">
        {filtering ? `${shown.length} of ${count} match` : count}
        {images.hasNextPage ? ' (more to load)' : ''}
      </p>
      <p id={`${id}-keys`} className="visually-hidden">
        Arrow keys move between the images; Enter chooses one.
      </p>
      {shown.length === 0 ? (
        <p className="media-picker__empty">
          No file name or alt text contains “{search.trim()}”
          {images.hasNextPage ? '. Load more images to search older ones.' : '.'}
        </p>
      ) : (
        <ul
          ref={grid}
          className="media-picker__grid"
          role="list"
          aria-label="Images in the media library"
          onKeyDown={onGridKeyDown}
        >
          {shown.map((image, i) => (
            <li key={image.key}>
              <PickerItem image={image} tabbable={i === current} onFocus={() => setActive(i)} onPick={onPick} />
            </li>
          ))}
        </ul>
      )}
      {images.isFetchNextPageError && (
        <div className="staff-alert staff-alert--error" role="alert">
          More images could not be loaded: {errorMessage(images.error)}
        </div>
      )}
      {images.hasNextPage && (
        <div className="media-picker__more">
          <button
            type="button"
            className="button button--small"
            aria-disabled={images.isFetchingNextPage || undefined}
            onClick={() => !images.isFetchingNextPage && void images.fetchNextPage()}
          >
            {images.isFetchingNextPage ? 'Loading…' : 'Load more images'}
          </button>
        </div>
      )}
    </>
  );
}

function PickerItem({
  image,
  tabbable,
  onFocus,
  onPick,
}: {
  image: LibraryImage;
  tabbable: boolean;
  onFocus: () => void;
  onPick: (image: LibraryImage) => void;
}) {
  const thumb = thumbnailSize(image);
  return (
    <button
      type="button"
      className="media-picker__item"
      tabIndex={tabbable ? 0 : -1}
      onFocus={onFocus}
      onClick={() => onPick(image)}
      data-image-key={image.key}
    >
      <span className="media-picker__thumb">
        {/* The name and alt text below say what the button holds. */}
        <img
          src={thumbnailSrc(image.key)}
          width={thumb.width || undefined}
          height={thumb.height || undefined}
          alt=""
          loading="lazy"
          decoding="async"
        />
      </span>
      <span className="media-picker__name">{imageName(image)}</span>
      {image.altText ? (
        <span className="media-picker__alt">{image.altText}</span>
      ) : (
        <span className="media-picker__alt media-picker__alt--missing">No alt text yet</span>
      )}
    </button>
  );
}
