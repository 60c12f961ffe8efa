import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { GALLERY_MESSAGES, galleryErrorText, photoCountText } from './gallery-messages';

describe('the gallery messages', () => {
  it('calls a 404 a link that is not valid, and anything else a failure to load', () => {
    expect(galleryErrorText(new ApiError(404, { detail: 'Gallery not found.' }))).toBe(GALLERY_MESSAGES.invalidLink);
    expect(galleryErrorText(new ApiError(503, null))).toBe(GALLERY_MESSAGES.failed);
    expect(galleryErrorText(new TypeError('Failed to fetch'))).toBe(GALLERY_MESSAGES.failed);
  });

  it('counts photos', () => {
    expect(photoCountText(1)).toBe('1 photo');
    expect(photoCountText(0)).toBe('0 photos');
    expect(photoCountText(12)).toBe('12 photos');
  });
});
