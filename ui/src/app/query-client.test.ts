import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { retryServerErrorsOnce } from '../lib/retry';
import { queryClient, sessionMayHaveEnded } from './query-client';

describe('retryServerErrorsOnce (reads tried again)', () => {
  it('asks again once after a server error or a network failure', () => {
    expect(retryServerErrorsOnce(0, new ApiError(503, null))).toBe(true);
    expect(retryServerErrorsOnce(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryServerErrorsOnce(1, new ApiError(500, null))).toBe(false);
  });

  it('takes a 4xx answer as the answer', () => {
    for (const status of [400, 401, 403, 404]) expect(retryServerErrorsOnce(0, new ApiError(status, null)), String(status)).toBe(false);
  });
});

it('is how every read is tried again, unless it says otherwise', () => {
  expect(queryClient.getDefaultOptions().queries?.retry).toBe(retryServerErrorsOnce);
});

describe('sessionMayHaveEnded', () => {
  it('is a 401, or a CSRF refusal (its cookie goes with the session when cookies are cleared)', () => {
    expect(sessionMayHaveEnded(new ApiError(401, { detail: 'Authentication credentials were not provided.' }))).toBe(true);
    expect(sessionMayHaveEnded(new ApiError(403, { detail: 'CSRF Failed: CSRF token missing or incorrect.' }))).toBe(true);
    expect(sessionMayHaveEnded(new ApiError(403, { detail: 'You do not have permission to perform this action.' }))).toBe(false);
    expect(sessionMayHaveEnded(new ApiError(403, 'CSRF Failed'))).toBe(false);
    expect(sessionMayHaveEnded(new ApiError(500, null))).toBe(false);
    expect(sessionMayHaveEnded(new TypeError('Network request failed'))).toBe(false);
  });
});
