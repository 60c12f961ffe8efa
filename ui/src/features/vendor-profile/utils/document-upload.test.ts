import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { ACCEPT_ATTRIBUTE, formatLastUpdated, selectedFileError, UPLOAD_FAILED, uploadErrorMessage, uploadSucceeded } from './document-upload';

describe('selectedFileError', () => {
  it('accepts exactly 5 MB and refuses one byte more', () => {
    expect(selectedFileError({ name: 'authority.pdf', size: 5 * 1024 * 1024 })).toBeNull();
    expect(selectedFileError({ name: 'authority.pdf', size: 5 * 1024 * 1024 + 1 })).toBe('File is too large. Maximum size is 5MB.');
    expect(selectedFileError({ name: 'authority.pdf', size: 3 * 1024 * 1024 + 1 }, 3 * 1024 * 1024)).toBe('File is too large. Maximum size is 3MB.');
  });

  it('refuses a type the server refuses when it is chosen, whatever the case of its extension', () => {
    const refused = 'Unsupported file type. Allowed types: pdf, doc, docx, jpg, jpeg, png.';
    for (const name of ['notes.txt', 'IMG_0001.HEIC', 'scan.gif', 'no-extension', 'archive.pdf.zip']) {
      expect(selectedFileError({ name, size: 1000 }), name).toBe(refused);
    }
    for (const name of ['W9.PDF', 'photo.JPG', 'cert.jpeg', 'letter.docx', 'old.doc', 'shot.png']) {
      expect(selectedFileError({ name, size: 1000 }), name).toBeNull();
    }
    // Too large is said first (either way the selection is cleared).
    expect(selectedFileError({ name: 'notes.txt', size: 6 * 1024 * 1024 })).toBe('File is too large. Maximum size is 5MB.');
  });

  it('offers the accepted types to the file picker', () => {
    expect(ACCEPT_ATTRIBUTE).toBe('.pdf,.doc,.docx,.jpg,.jpeg,.png');
  });
});

describe('uploadErrorMessage', () => {
  it('uses a string body, then its error text, then the detail', () => {
    expect(uploadErrorMessage(new ApiError(500, 'Storage unavailable'))).toBe('Upload failed: Storage unavailable');
    expect(uploadErrorMessage(new ApiError(400, { error: 'Bad file' }))).toBe('Upload failed: Bad file');
    expect(uploadErrorMessage(new ApiError(413, { detail: 'File is too large. Maximum size is 5MB.' }))).toBe(
      'Upload failed: File is too large. Maximum size is 5MB.',
    );
  });

  it('lists field messages joined by commas', () => {
    expect(uploadErrorMessage(new ApiError(400, { file: ['Unsupported file type. Allowed types: pdf, doc, docx, jpg, jpeg, png.'] }))).toBe(
      'Upload failed: file: Unsupported file type. Allowed types: pdf, doc, docx, jpg, jpeg, png.',
    );
    expect(uploadErrorMessage(new ApiError(400, { file: ['The file is empty.'], document_type: ['Unknown type.'] }))).toBe(
      'Upload failed: file: The file is empty., document_type: Unknown type.',
    );
  });

  it('falls back without a body or anything to say', () => {
    expect(uploadErrorMessage(new ApiError(502, null))).toBe(UPLOAD_FAILED);
    expect(uploadErrorMessage(new ApiError(400, {}))).toBe(UPLOAD_FAILED);
    expect(uploadErrorMessage(new TypeError('Failed to fetch'))).toBe(UPLOAD_FAILED);
  });
});

describe('messages', () => {
  it('names the document on success', () => {
    expect(uploadSucceeded('W-9 Form')).toBe('W-9 Form uploaded successfully!');
  });

  it('shows the last update or Unknown', () => {
    expect(formatLastUpdated(null)).toBe('Unknown');
    expect(formatLastUpdated('not a date')).toBe('Unknown');
    expect(formatLastUpdated('2026-11-21T15:05:00.000Z')).toMatch(/^Nov 2[12], 2026, \d{1,2}:05 (AM|PM)$/);
  });
});
