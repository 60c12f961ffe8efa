// The document uploader's rules and messages (vendor-side.md sections 5 and 8).
import { extensionOfName, unsupportedFileType } from '@portal/domain/files';
import { VENDOR_DOCUMENT_EXTENSIONS } from '@portal/domain/vendors/profile-fields';
import { ApiError } from '../../../lib/api-client';

export const MAX_UPLOAD_MB = 5;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
export const ACCEPTED_EXTENSIONS = VENDOR_DOCUMENT_EXTENSIONS;
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export const NO_FILE_SELECTED = 'Please select a file to upload.';
export const UPLOAD_FAILED = 'Upload failed. Please try again later.';
export const fileTooLarge = (maxMb = MAX_UPLOAD_MB) => `File is too large. Maximum size is ${maxMb}MB.`;
export const uploadSucceeded = (label: string) => `${label} uploaded successfully!`;
/** Said after a profile save that left a chosen document unsent: Save Profile saves the fields, not the uploaders' files. */
export const chosenNotUploaded = (label: string, sendButton: string) => `${label}: chosen but not uploaded yet — press ${sendButton} to send it.`;

/**
 * The error for a chosen file, or null when it may be sent: too large first (it also clears the selection), then a type
 * the server refuses, said at once rather than after the upload's round trip. The server checks type and content again.
 */
export function selectedFileError(file: { name: string; size: number }, maxBytes = MAX_UPLOAD_BYTES): string | null {
  if (file.size > maxBytes) return fileTooLarge(Math.round(maxBytes / (1024 * 1024)));
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOfName(file.name))) return unsupportedFileType(ACCEPTED_EXTENSIONS);
  return null;
}

function fieldPairs(body: Record<string, unknown>): string {
  return Object.entries(body)
    .map(([field, value]) => {
      const messages = (Array.isArray(value) ? value : [value]).filter((item) => typeof item === 'string' && item !== '');
      return messages.length > 0 ? `${field}: ${messages.join(' ')}` : '';
    })
    .filter(Boolean)
    .join(', ');
}

/**
 * 'Upload failed: {detail}': the body if a string, else its error (or detail) text, else 'field: message' pairs
 * joined by commas. No body, or nothing to say: 'Upload failed. Please try again later.'
 */
export function uploadErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.body === null || error.body === undefined) return UPLOAD_FAILED;
  const { body } = error;
  let detail = '';
  if (typeof body === 'string') detail = body.trim();
  else if (typeof body === 'object' && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    if (typeof record.error === 'string') detail = record.error;
    else if (typeof record.detail === 'string') detail = record.detail;
    else detail = fieldPairs(record);
  }
  return detail ? `Upload failed: ${detail}` : UPLOAD_FAILED;
}

/** 'Nov 21, 2026, 3:05 PM' in the user's zone, or 'Unknown'. */
export function formatLastUpdated(iso: string | null | undefined): string {
  if (!iso) return 'Unknown';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return date
    .toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true })
    .replace(/\u202f/g, ' ');
}
