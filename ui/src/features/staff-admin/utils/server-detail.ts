import { ApiError } from '../../../lib/api-client';

/** The server's own words for a refusal (`{ detail }`, or `{ error }`), if it sent any. */
export function serverDetail(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.body === null || typeof error.body !== 'object') return null;
  const body = error.body as Record<string, unknown>;
  for (const key of ['detail', 'error'] as const) {
    const value = body[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

export const isStatus = (error: unknown, status: number): boolean => error instanceof ApiError && error.status === status;
