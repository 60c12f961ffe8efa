// The public photo gallery's link (vendor-side.md section 2): '{origin}/photo-gallery/{loadId}'.

export const galleryPath = (loadId: string) => `/photo-gallery/${encodeURIComponent(loadId)}`;

/** The link to share; a trailing slash on the origin is not doubled. */
export const galleryShareUrl = (origin: string, loadId: string) => `${origin.replace(/\/+$/, '')}${galleryPath(loadId)}`;

/** How long 'Copied!' shows after a copy (vendor-side.md section 9). */
export const COPY_CONFIRMATION_MS = 3000;
