// The load document texts of vendor-side.md section 8, word for word, and how an error answer becomes one of them.
import { unsupportedFileType } from '@portal/domain/files';
import { ApiError } from '../../../lib/api-client';

export const LOAD_DOCUMENT_MESSAGES = {
  noFile: 'Please select a file to upload.',
  uploadFailed: 'Failed to upload document',
  fetchFailed: 'Failed to fetch documents',
  deleted: 'Document deleted successfully',
  deleteFailed: 'Failed to delete document.',
  nothingSelected: 'Cannot delete document: No document selected.',
  pdfFailed: 'Failed to load PDF',
  downloadPdf: 'Download PDF',
  notPreviewable: 'This file type cannot be previewed directly.',
  downloadFile: 'Download File',
  empty: 'No documents found.',
  uploadAnother: 'Upload Additional Document',
  /** Reopened while an upload sent before the dialog was closed still runs (Upload waits for it). */
  uploadUnderWay: 'An upload started here earlier is still under way; you will be told when it is done.',
  unsupportedType: unsupportedFileType,
} as const;

export const fileTooLarge = (maxMb: number) => `File is too large. Maximum size is ${maxMb}MB.`;
export const uploadSucceeded = (label: string) => `${label} uploaded successfully`;
export const deleteConfirmText = (fileName: string) => `Are you sure you want to delete ${fileName}? This action cannot be undone.`;
export const viewUploadedLabel = (count: number) => `View Uploaded Documents (${count})`;

function bodyRecord(error: unknown): Record<string, unknown> | null {
  if (!(error instanceof ApiError)) return null;
  const { body } = error;
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The answer's detail; a 400's field messages ('Unsupported file type. ...') when it has none; else the fallback. */
export function uploadErrorText(error: unknown): string {
  const body = bodyRecord(error);
  if (!body) return (error instanceof ApiError && text(error.body)) || LOAD_DOCUMENT_MESSAGES.uploadFailed;
  const detail = text(body.detail);
  if (detail) return detail;
  const fields = Object.values(body)
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .map(text)
    .filter((message): message is string => message !== null);
  return fields.length > 0 ? fields.join(' ') : LOAD_DOCUMENT_MESSAGES.uploadFailed;
}

/** The answer's detail or error, else 'Failed to delete document.' */
export function deleteErrorText(error: unknown): string {
  const body = bodyRecord(error);
  return (body && (text(body.detail) ?? text(body.error))) || LOAD_DOCUMENT_MESSAGES.deleteFailed;
}

/** The answer's message (or detail), else 'Failed to fetch documents'. */
export function fetchErrorText(error: unknown): string {
  const body = bodyRecord(error);
  return (body && (text(body.message) ?? text(body.detail))) || LOAD_DOCUMENT_MESSAGES.fetchFailed;
}
