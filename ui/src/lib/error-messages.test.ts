import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { fieldErrorsOf, formErrorMessage, SUBMISSION_FAILED, UNEXPECTED_ERROR } from './error-messages';

describe('formErrorMessage', () => {
  it('lists each field with its messages joined by a space, fields joined by " | "', () => {
    const error = new ApiError(400, {
      username: ['A user with that username already exists.'],
      password: ['This password is too short.', 'This password is too common.'],
    });
    expect(formErrorMessage(error)).toBe(
      'username: A user with that username already exists. | password: This password is too short. This password is too common.',
    );
  });

  it('gives the detail of a { detail } body', () => {
    expect(formErrorMessage(new ApiError(403, { detail: 'CSRF token missing.' }))).toBe('CSRF token missing.');
  });

  it('falls back when the body says nothing', () => {
    expect(formErrorMessage(new ApiError(500, null))).toBe(SUBMISSION_FAILED);
    expect(formErrorMessage(new ApiError(400, {}))).toBe(SUBMISSION_FAILED);
    expect(formErrorMessage(new ApiError(400, { username: [] }))).toBe(SUBMISSION_FAILED);
  });

  it('reports a network failure (no response) as unexpected', () => {
    expect(formErrorMessage(new TypeError('Failed to fetch'))).toBe(UNEXPECTED_ERROR);
  });
});

describe('fieldErrorsOf', () => {
  it('keeps field messages and leaves the detail out', () => {
    const error = new ApiError(400, { email: ['Enter a valid email address.'], detail: 'x', username: 'Taken.' });
    expect(fieldErrorsOf(error)).toEqual({ email: ['Enter a valid email address.'], username: ['Taken.'] });
  });
});
