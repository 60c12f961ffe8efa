import { describe, expect, it } from 'vitest';
import { previewKindOf } from './document-preview-kind';

describe('previewKindOf', () => {
  it('embeds PDFs and shows raster images', () => {
    expect(previewKindOf('COI 2026.PDF')).toBe('pdf');
    for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'a.gif', 'a.bmp', 'a.webp']) expect(previewKindOf(name), name).toBe('image');
  });

  it('cannot preview documents of other types', () => {
    for (const name of ['w9.doc', 'w9.docx', 'notes', '.png', 'archive.tar.gz']) expect(previewKindOf(name), name).toBe('other');
  });

  it('falls back to the address when the name says nothing', () => {
    expect(previewKindOf(null, '/api/serve-file/vendor-documents/v/h/COI%202026.pdf?x=1')).toBe('pdf');
    expect(previewKindOf('', '/api/serve-file/vendor-documents/v/h/sig.png')).toBe('image');
    expect(previewKindOf(undefined, undefined)).toBe('other');
  });
});
