import { describe, expect, it } from 'vitest';
import { fileNameOfUrl, servedFileUrl } from './served-file-url';

describe('servedFileUrl', () => {
  it('moves /media/{folder}/{path} onto the serve-file path', () => {
    expect(servedFileUrl('/media/vendor-documents/42/coi.pdf')).toBe('/api/serve-file/vendor-documents/42/coi.pdf');
    expect(servedFileUrl('/media/load-documents/a/b/c.png')).toBe('/api/serve-file/load-documents/a/b/c.png');
    expect(servedFileUrl('media/signatures/sig.png')).toBe('/api/serve-file/signatures/sig.png');
  });

  it('puts a bare file name under vendor-documents', () => {
    expect(servedFileUrl('w9.pdf')).toBe('/api/serve-file/vendor-documents/w9.pdf');
    expect(servedFileUrl('COI 2026.pdf')).toBe('/api/serve-file/vendor-documents/COI%202026.pdf');
    expect(servedFileUrl('COI%202026.pdf')).toBe('/api/serve-file/vendor-documents/COI%202026.pdf');
  });

  it('leaves absolute and already rewritten addresses unchanged', () => {
    for (const url of [
      'https://files.example.com/media/vendor-documents/a.pdf',
      'http://localhost:9000/bucket/a.pdf',
      '//cdn.example.com/a.png',
      'blob:http://localhost/123',
      'data:image/png;base64,AAAA',
      '/api/serve-file/vendor-documents/0b1c/abc/COI%202026.pdf',
    ]) {
      expect(servedFileUrl(url)).toBe(url);
    }
  });

  it('leaves other relative paths alone and gives null for nothing', () => {
    expect(servedFileUrl('/static/logo.png')).toBe('/static/logo.png');
    expect(servedFileUrl('')).toBeNull();
    expect(servedFileUrl('   ')).toBeNull();
    expect(servedFileUrl(null)).toBeNull();
    expect(servedFileUrl(undefined)).toBeNull();
  });
});

describe('fileNameOfUrl', () => {
  it('gives the decoded last segment', () => {
    expect(fileNameOfUrl('/api/serve-file/vendor-documents/v/h/COI%202026.pdf')).toBe('COI 2026.pdf');
    expect(fileNameOfUrl('/a/b/w9.pdf?x=1#p')).toBe('w9.pdf');
    expect(fileNameOfUrl('/a/b/%E0%A4%A.pdf')).toBe('%E0%A4%A.pdf');
  });
});
