import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { sessionMayHaveEnded } from './query-client';

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
