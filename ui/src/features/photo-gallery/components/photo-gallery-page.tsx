import { useState } from 'react';
import { useParams } from 'react-router';
import { usePhotoGallery } from '../api/get-photo-gallery';
import { GALLERY_MESSAGES, galleryErrorText, photoCountText } from '../utils/gallery-messages';
import { PhotoLightbox } from './photo-lightbox';
import '../photo-gallery.css';

/** /photo-gallery/:loadId, public: the load's shared photos in a grid; a click opens one full size. */
export function PhotoGalleryPage() {
  const { loadId = '' } = useParams();
  const gallery = usePhotoGallery(loadId);
  const [open, setOpen] = useState<number | null>(null);

  if (gallery.isPending) {
    return (
      <p className="page-status" role="status">
        {GALLERY_MESSAGES.loading}
      </p>
    );
  }

  const photos = gallery.data ?? [];
  return (
    <section className="page photo-gallery">
      <header className="pg-header">
        <h1>Photo Gallery</h1>
        {gallery.isSuccess && photos.length > 0 && <span className="pg-muted">{photoCountText(photos.length)}</span>}
      </header>

      {gallery.isError ? (
        <div className="pg-notice" role="alert">
          <p>{galleryErrorText(gallery.error)}</p>
          {galleryErrorText(gallery.error) === GALLERY_MESSAGES.failed && (
            <button type="button" className="button button-secondary" onClick={() => void gallery.refetch()}>
              Try Again
            </button>
          )}
        </div>
      ) : photos.length === 0 ? (
        <div className="pg-notice">
          <p>{GALLERY_MESSAGES.empty}</p>
        </div>
      ) : (
        <ul className="pg-grid" aria-label="Photos">
          {photos.map((photo, index) => (
            <li key={photo.id} className="pg-item">
              <button type="button" className="pg-thumb" aria-label={`View ${photo.file_name}`} onClick={() => setOpen(index)}>
                <img src={photo.url} alt={photo.file_name} loading="lazy" />
              </button>
              <span className="pg-caption" title={photo.file_name}>
                {photo.file_name}
              </span>
            </li>
          ))}
        </ul>
      )}

      {open !== null && <PhotoLightbox photos={photos} index={Math.min(open, photos.length - 1)} onIndex={setOpen} onClose={() => setOpen(null)} />}
    </section>
  );
}
