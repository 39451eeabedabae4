import { useCallback, useRef } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoadFailedAlert } from '@/components/staff/LoadFailedAlert';
import { Spinner } from '@/components/staff/Spinner';
import { useAnnouncer } from '@/components/staff/use-announcer';
import { errorMessage } from '@/lib/api-client';
import { useImages } from '../api/list-images';
import { ImageCard } from './ImageCard';
import mediaCss from './media.css?url';
import { UploadPanel } from './UploadPanel';
import { StaffStylesheet } from '@/components/staff/StaffStylesheet';
import { useCan } from '../../shell/access';

/** The Media tab (SPEC §2 "Admin": image upload), at /admin/media. */
export function MediaTab() {
  return (
    <>
      <StaffStylesheet href={mediaCss} />
      <Routes>
        <Route index element={<MediaPage />} />
        <Route path="*" element={<Navigate to="/admin/media" replace />} />
      </Routes>
    </>
  );
}

/** The upload panel (for a role that edits media) and the library. */
function MediaPage() {
  const editor = useCan('editContent');
  const [announcement, announce] = useAnnouncer();
  const onUploaded = useCallback((name: string) => announce(`${name} uploaded`), [announce]);
  return (
    <div className="media-tab">
      <div className="admin-toolbar">
        <div>
          <h1>Media</h1>
          <p className="staff-note">Images for blog posts and pages. Copy an image’s URL to use it anywhere on the site.</p>
        </div>
      </div>
      {editor && <UploadPanel onUploaded={onUploaded} />}
      <ImageLibrary announce={announce} />
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="media-announcer">
        {announcement}
      </p>
    </div>
  );
}

function ImageLibrary({ announce }: { announce: (message: string) => void }) {
  const images = useImages();
  const heading = useRef<HTMLHeadingElement>(null);
  const all = images.data?.pages.flatMap((p) => p.images) ?? [];
  const focusHeading = useCallback(() => heading.current?.focus(), []);
  return (
    <section className="media-library" aria-labelledby="media-library-title">
      <div className="media-library__head">
        <h2 id="media-library-title" className="media-section-title" ref={heading} tabIndex={-1}>
          Library
        </h2>
        {images.data && (
          <p className="staff-note">
            {all.length === 1 ? '1 image' : `${all.length} images`}
            {images.hasNextPage ? ' shown' : ''}
          </p>
        )}
      </div>
      {images.isPending ? (
        <Spinner label="Loading the image library…" />
      ) : !images.data ? (
        <LoadFailedAlert subject="The image library" error={images.error} onRetry={() => void images.refetch()} />
      ) : all.length === 0 ? (
        <div className="admin-card admin-empty">
          <p>No images yet. Upload one above and it will appear here.</p>
        </div>
      ) : (
        <>
          <ul className="media-grid" role="list">
            {all.map((image) => (
              <li key={image.key}>
                <ImageCard image={image} announce={announce} onDeleted={focusHeading} />
              </li>
            ))}
          </ul>
          {images.error && (
            <div className="staff-alert staff-alert--error" role="alert">
              {images.isFetchNextPageError ? 'More images could not be loaded' : 'The library could not be refreshed'}:{' '}
              {errorMessage(images.error)}
            </div>
          )}
          {images.hasNextPage && (
            <div className="media-library__more">
              <button
                type="button"
                className="button"
                onClick={() => void images.fetchNextPage()}
                disabled={images.isFetchingNextPage}
              >
                {images.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
