// Commands answer with `X-Event-Position`; a later read passes it as `?min_position=` so it never shows the user an
// older state than the one they just saved (read-api's read-your-writes). api-client.ts keeps headers to itself, so
// this sends one request by the same rules (base /api, cookies, CSRF header, ApiError) and hands the position back.
import { ApiError, CSRF_COOKIE, readCookie } from './api-client';

export interface PositionedAnswer<T> {
  data: T;
  /** The event position the command reached, or null when it recorded nothing. */
  position: string | null;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A JSON object or FormData body (the browser sets the multipart boundary itself); `extraHeaders` e.g. X-Expected-Values. */
export async function sendWithPosition<T>(method: 'POST' | 'PATCH', path: string, body: FormData | object, extraHeaders: Record<string, string> = {}): Promise<PositionedAnswer<T>> {
  const headers = new Headers({ ...extraHeaders, Accept: 'application/json' });
  const csrfToken = readCookie(CSRF_COOKIE);
  if (csrfToken) headers.set('X-CSRFToken', csrfToken);
  if (!(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  const response = await fetch(`/api${path}`, {
    method,
    headers,
    body: body instanceof FormData ? body : JSON.stringify(body),
    credentials: 'include',
  });
  const payload = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, payload);
  return { data: payload as T, position: response.headers.get('X-Event-Position') };
}

/** `path` with `?min_position=` (or `&`) when there is a position to wait for. */
export function withMinPosition(path: string, position: string | null | undefined): string {
  if (!position) return path;
  return `${path}${path.includes('?') ? '&' : '?'}min_position=${encodeURIComponent(position)}`;
}
