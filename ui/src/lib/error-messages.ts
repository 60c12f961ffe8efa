import { ApiError } from './api-client';

// The spec's generic form error rule (vendor-side.md section 8), written once.
export const SUBMISSION_FAILED = 'Submission failed. Please check your input.';
export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';

function messagesOf(value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => messagesOf(item)).filter(Boolean).join(' ');
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** `{ field: [messages] }` as 'field: messages | field: messages'; a `{ detail }` body gives the detail. */
export function describeErrorBody(body: unknown): string {
  if (typeof body === 'string') return body.trim();
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return messagesOf(body);
  const record = body as Record<string, unknown>;
  if (typeof record.detail === 'string' && Object.keys(record).length === 1) return record.detail;
  return Object.entries(record)
    .map(([field, value]) => ({ field, text: messagesOf(value) }))
    .filter(({ text }) => text !== '')
    .map(({ field, text }) => `${field}: ${text}`)
    .join(' | ');
}

/** The summary line a form shows after a failed submit. */
export function formErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return UNEXPECTED_ERROR;
  return describeErrorBody(error.body) || SUBMISSION_FAILED;
}

/** Per-field messages from a 400 `{ field: [messages] }` body, for display next to each input. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiError) || error.body === null || typeof error.body !== 'object') return {};
  const errors: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(error.body as Record<string, unknown>)) {
    if (field === 'detail') continue;
    const messages = (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string');
    if (messages.length > 0) errors[field] = messages;
  }
  return errors;
}
