import { describe, expect, it } from 'vitest';
import { galleryPath, galleryShareUrl } from './gallery-share';

describe('the share link', () => {
  it("is '{origin}/photo-gallery/{loadId}'", () => {
    const loadId = '3f2b8c1e-9d4a-4b7e-8f00-1a2b3c4d5e6f';
    expect(galleryShareUrl('https://portal.example.com', loadId)).toBe(`https://portal.example.com/photo-gallery/${loadId}`);
    expect(galleryShareUrl('http://localhost:8080/', loadId)).toBe(`http://localhost:8080/photo-gallery/${loadId}`);
    expect(galleryPath('a b')).toBe('/photo-gallery/a%20b');
  });
});
