// The media picker: a dialog of the media library's images to choose one
// from (the editor's image dialog, a post's image). Staff code: the dialog
// itself is a chunk of its own, fetched when it first opens, so pages that
// only might open it (and visitors, never) do not download it.
import { lazy, Suspense, useState } from 'react';
import { StaffStylesheet } from '../StaffStylesheet';
import type { MediaPickerProps } from './MediaPickerDialog';
import pickerCss from './media-picker.css?url';

export type { LibraryImage } from './library';
export type { MediaPickerProps } from './MediaPickerDialog';

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
