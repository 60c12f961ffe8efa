// The public gallery's texts (vendor-side.md section 2: 'Loading Gallery...' while loading).
import { ApiError } from '../../../lib/api-client';

export const GALLERY_MESSAGES = {
  loading: 'Loading Gallery...',
  empty: 'No photos have been shared for this load yet.',
  invalidLink: 'This gallery link is not valid.',
  failed: 'The gallery could not be loaded. Please try again later.',
} as const;

/** A 404 (wrong, malformed or deleted load id) means the link is not valid; anything else may pass. */
export const galleryErrorText = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400) ? GALLERY_MESSAGES.invalidLink : GALLERY_MESSAGES.failed;

/** '1 photo', '3 photos'. */
export const photoCountText = (count: number) => `${count} ${count === 1 ? 'photo' : 'photos'}`;
