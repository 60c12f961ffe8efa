import { useEffect } from 'react';
import { Modal } from '../../../components/modal';
import { formatListDateTime } from '../../../lib/format-date';
import { positionLabel, stepIndex } from '../../load-documents/utils/carousel';
import type { GalleryPhoto } from '../api/get-photo-gallery';

interface PhotoLightboxProps {
  photos: readonly GalleryPhoto[];
  index: number;
  onIndex(index: number): void;
  onClose(): void;
}

/** One photo full size; previous/next (buttons and arrow keys), Escape or a click outside closes. */
export function PhotoLightbox({ photos, index, onIndex, onClose }: PhotoLightboxProps) {
  const photo = photos[index];
  const many = photos.length > 1;

  useEffect(() => {
    if (!many) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') onIndex(stepIndex(index, 1, photos.length));
      else if (event.key === 'ArrowLeft') onIndex(stepIndex(index, -1, photos.length));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [many, index, photos.length, onIndex]);

  if (!photo) return null;
  return (
    <Modal
      open
      size="xl"
      title={photo.file_name}
      onClose={onClose}
      footer={
        <div className="pg-lightbox-footer">
          <span className="pg-muted">
            {positionLabel(index, photos.length)}
            {photo.uploaded_at ? ` · ${formatListDateTime(photo.uploaded_at)}` : ''}
          </span>
          {many && (
            <div className="pg-lightbox-steps">
              <button type="button" className="button button-secondary" onClick={() => onIndex(stepIndex(index, -1, photos.length))}>
                ‹ Previous
              </button>
              <button type="button" className="button button-secondary" onClick={() => onIndex(stepIndex(index, 1, photos.length))}>
                Next ›
              </button>
            </div>
          )}
        </div>
      }
    >
      <div className="pg-lightbox-image">
        <img src={photo.url} alt={photo.file_name} />
      </div>
    </Modal>
  );
}
