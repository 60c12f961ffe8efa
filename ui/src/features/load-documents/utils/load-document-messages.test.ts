import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { deleteConfirmText, deleteErrorText, fetchErrorText, uploadErrorText, uploadSucceeded, viewUploadedLabel } from './load-document-messages';

describe('the document messages', () => {
  it('uses the spec texts', () => {
    expect(uploadSucceeded('Bill of Lading')).toBe('Bill of Lading uploaded successfully');
    expect(deleteConfirmText('BOL 24101.pdf')).toBe('Are you sure you want to delete BOL 24101.pdf? This action cannot be undone.');
    expect(viewUploadedLabel(2)).toBe('View Uploaded Documents (2)');
  });

  it("turns an upload failure into the answer's detail, its field messages, or 'Failed to upload document'", () => {
    expect(uploadErrorText(new ApiError(413, { detail: 'File is too large. Maximum size is 5MB.' }))).toBe('File is too large. Maximum size is 5MB.');
    expect(uploadErrorText(new ApiError(403, { detail: 'You do not have permission to upload documents' }))).toBe('You do not have permission to upload documents');
    expect(uploadErrorText(new ApiError(400, { file: ['Unsupported file type. Allowed types: jpg, jpeg, png, gif.'] }))).toBe(
      'Unsupported file type. Allowed types: jpg, jpeg, png, gif.',
    );
    expect(uploadErrorText(new ApiError(502, null))).toBe('Failed to upload document');
    expect(uploadErrorText(new TypeError('Network request failed'))).toBe('Failed to upload document');
  });

  it("turns a delete failure into the detail or error, else 'Failed to delete document.'", () => {
    expect(deleteErrorText(new ApiError(404, { detail: 'Not found.' }))).toBe('Not found.');
    expect(deleteErrorText(new ApiError(500, { error: 'Storage offline' }))).toBe('Storage offline');
    expect(deleteErrorText(new ApiError(500, null))).toBe('Failed to delete document.');
  });

  it("turns a list failure into the answer's message, else 'Failed to fetch documents'", () => {
    expect(fetchErrorText(new ApiError(500, { message: 'Read model offline' }))).toBe('Read model offline');
    expect(fetchErrorText(new ApiError(500, 'oops'))).toBe('Failed to fetch documents');
  });
});
