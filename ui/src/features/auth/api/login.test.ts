import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { loginErrorMessage, WrongAccountKind } from './login';

const LOCKED = 'Too many failed login attempts. Try again in 297 seconds.';

describe('loginErrorMessage (vendor-side.md section 8, and the lockout)', () => {
  it("shows the server's detail when it refuses to check the password (429)", () => {
    expect(loginErrorMessage(new ApiError(429, { detail: LOCKED }))).toBe(LOCKED);
  });

  it("says the server could not check the password (5xx, no answer) rather than that it was wrong", () => {
    expect(loginErrorMessage(new ApiError(503, { detail: 'The service is temporarily unavailable. Please try again in a moment.' }))).toBe(
      'The service is temporarily unavailable. Please try again in a moment.',
    );
    expect(loginErrorMessage(new ApiError(500, { detail: 'Internal server error.' }))).toBe('An unexpected error occurred. Please try again.');
    expect(loginErrorMessage(new ApiError(502, '<html>502 Bad Gateway</html>'))).toBe('An unexpected error occurred. Please try again.');
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toBe('An unexpected error occurred. Please try again.');
  });

  it("keeps the spec's message for a wrong password, a wrong-kind account and other refusals", () => {
    expect(loginErrorMessage(new ApiError(400, { detail: 'Invalid username or password' }))).toBe('Invalid username or password');
    expect(loginErrorMessage(new ApiError(400, { detail: 'This account is not activated yet. Please use the activation link sent to your email.' }))).toBe(
      'Invalid username or password',
    );
    expect(loginErrorMessage(new WrongAccountKind('vendor'))).toBe('Invalid username or password');
    expect(loginErrorMessage(new ApiError(401, { detail: 'Authentication credentials were not provided.' }))).toBe('Invalid username or password');
  });

  it("falls back to the spec's message when a 429 carries no detail (a gateway's page)", () => {
    expect(loginErrorMessage(new ApiError(429, '<html>429 Too Many Requests</html>'))).toBe('Invalid username or password');
    expect(loginErrorMessage(new ApiError(429, null))).toBe('Invalid username or password');
    expect(loginErrorMessage(new ApiError(429, { detail: '  ' }))).toBe('Invalid username or password');
  });
});
