import { describe, expect, it } from 'vitest';
import { AVAILABILITY_MESSAGES, availabilityOf, canCreateWith, refusedAsTaken } from './load-id-availability';
import { ApiError } from '../../../lib/api-client';

const answered = (exists: boolean) => ({ status: 'success' as const, isFetching: false, exists });

describe('availabilityOf', () => {
  it('is idle with nothing typed, or a malformed number', () => {
    expect(availabilityOf({ typed: '', debounced: '', wellFormed: true, query: answered(false) })).toBe('idle');
    expect(availabilityOf({ typed: 'a b', debounced: 'a b', wellFormed: false, query: answered(false) })).toBe('idle');
  });

  it('is checking while typing has not settled, and while the check runs', () => {
    expect(availabilityOf({ typed: '123', debounced: '12', wellFormed: true, query: answered(false) })).toBe('checking');
    expect(availabilityOf({ typed: '123', debounced: '123', wellFormed: true, query: { status: 'pending', isFetching: true, exists: undefined } })).toBe('checking');
    expect(availabilityOf({ typed: '123', debounced: '123', wellFormed: true, query: { status: 'success', isFetching: true, exists: false } })).toBe('checking');
  });

  it('is taken, available or error from the answer', () => {
    expect(availabilityOf({ typed: '123', debounced: '123', wellFormed: true, query: answered(true) })).toBe('taken');
    expect(availabilityOf({ typed: '123 ', debounced: '123', wellFormed: true, query: answered(false) })).toBe('available');
    expect(availabilityOf({ typed: '123', debounced: '123', wellFormed: true, query: { status: 'error', isFetching: false, exists: undefined } })).toBe('error');
  });

  it('refuses Create while checking or taken', () => {
    expect(canCreateWith('checking')).toBe(false);
    expect(canCreateWith('taken')).toBe(false);
    expect(canCreateWith('available')).toBe(true);
    expect(canCreateWith('error')).toBe(true);
    expect(canCreateWith('idle')).toBe(true);
  });

  it('words each state as the spec does', () => {
    expect(AVAILABILITY_MESSAGES).toEqual({
      checking: 'Checking availability...',
      taken: 'ID already taken.',
      available: 'ID available.',
      error: 'Error checking ID.',
    });
  });
});

describe('refusedAsTaken', () => {
  it('knows a create refused because the number was taken meanwhile, and nothing else', () => {
    expect(refusedAsTaken(new ApiError(400, { load_number: ['ID already taken.'] }))).toBe(true);
    expect(refusedAsTaken(new ApiError(400, { load_number: ['Enter a load number.'] }))).toBe(false);
    expect(refusedAsTaken(new ApiError(400, { vendor: ['Select a valid vendor.'] }))).toBe(false);
    expect(refusedAsTaken(new ApiError(403, { detail: 'ID already taken.' }))).toBe(false);
    expect(refusedAsTaken(new Error('ID already taken.'))).toBe(false);
  });
});
