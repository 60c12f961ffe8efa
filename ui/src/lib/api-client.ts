// One place for how the browser talks to /api: base path, session cookie, CSRF header, JSON in and out.
const BASE_PATH = '/api';
export const CSRF_COOKIE = 'csrftoken';
const CSRF_HEADER = 'X-CSRFToken';

/** A non-2xx answer. `body` is the parsed JSON (or text) the server sent, `null` when there was none. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`API answered ${status}`);
    this.name = 'ApiError';
  }
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

// Read-your-writes: every command answers with the position of its last event (X-Event-Position). Every later read
// carries the newest one this tab has seen (X-Min-Position), and the read API waits until its read models have it, so
// a user never sees their own change disappear and come back.
let newestPosition: bigint | null = null;

export function notePosition(raw: string | null): void {
  if (!raw || !/^\d+$/.test(raw)) return;
  const position = BigInt(raw);
  if (newestPosition === null || position > newestPosition) newestPosition = position;
}

export const newestEventPosition = (): string | null => (newestPosition === null ? null : newestPosition.toString());

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Sees the answer's headers (a successful one), for what an answer says beside its body. */
  onHeaders?: (headers: Headers) => void;
  /** Names a change meant to be made once (Idempotency-Key): the same key again is the same change (lib/request-key.ts). */
  idempotencyKey?: string;
  /** Other request headers (e.g. X-Expected-Values). */
  headers?: Record<string, string>;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  const csrfToken = readCookie(CSRF_COOKIE);
  if (csrfToken) headers.set(CSRF_HEADER, csrfToken);
  if (method === 'GET' && newestPosition !== null) headers.set('X-Min-Position', newestPosition.toString());
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart boundary itself
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  // A network failure rejects with a TypeError, which callers treat as "no response".
  const response = await fetch(`${BASE_PATH}${path}`, {
    method,
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });
  notePosition(response.headers.get('X-Event-Position'));
  const payload = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, payload);
  options.onHeaders?.(response.headers);
  return payload as T;
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
};
