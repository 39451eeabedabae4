// The media picker: a dialog of the media library's images to choose one
// from (the editor's image dialog, a post's image). Staff code: the dialog
// itself is a chunk of its own, fetched when it first opens, so pages that
// only might open it (and visitors, never) do not download it.
import { lazy, Suspense, useState } from 'react';
import { StaffStylesheet } from '../StaffStylesheet';
import type { LibraryImage } from './library';
import pickerCss from './media-picker.css?url';

export type { LibraryImage } from './library';

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

const MediaPickerDialog = lazy(() => import('./MediaPickerDialog'));

/**
 * The picker, loaded on first open and kept mounted after (so closing it
 * runs its focus return). Render <MediaPickerStylesheet /> with the field
 * that offers it, so its styles are there before it opens.
 */
export function MediaPicker(props: MediaPickerProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <MediaPickerDialog {...props} />
    </Suspense>
  );
}

/**
 * The picker's styles, loaded with whatever offers the picker rather than
 * when it opens: a stylesheet first needed as a dialog opens would show the
 * dialog unstyled for a moment (staff.css carries the dialogs' base styles).
 */
export function MediaPickerStylesheet() {
  return <StaffStylesheet href={pickerCss} />;
}
