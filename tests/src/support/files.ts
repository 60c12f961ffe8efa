// Real file contents for upload tests: each starts with the magic bytes of its type.
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  Buffer.alloc(64, 0),
  Buffer.from([0xff, 0xd9]),
]);

export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A PDF of exactly `size` bytes (padded with a comment). */
export function pdf(size = 600): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%');
  const tail = Buffer.from('\n%%EOF\n');
  if (size < head.length + tail.length) throw new Error('too small for a PDF');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
}

export const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
