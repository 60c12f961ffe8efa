import { ApiError } from '../../../lib/api-client';
// The create form's live check of the typed load number (vendor-side.md section 4: idle, checking, available, taken).
export type Availability = 'idle' | 'checking' | 'available' | 'taken' | 'error';

export const AVAILABILITY_MESSAGES: Record<Exclude<Availability, 'idle'>, string> = {
  checking: 'Checking availability...',
  taken: 'ID already taken.',
  available: 'ID available.',
  error: 'Error checking ID.',
};

export const AVAILABILITY_DEBOUNCE_MS = 500;

interface CheckState {
  /** What the field holds now. */
  typed: string;
  /** The same after the debounce: what was (or is being) checked. */
  debounced: string;
  /** Whether the typed number could be a load number at all; a malformed one is not checked. */
  wellFormed: boolean;
  query: { status: 'pending' | 'error' | 'success'; isFetching: boolean; exists: boolean | undefined };
}

/** Typing counts as checking until the debounced check answers, so Create never acts on an older answer. */
export function availabilityOf({ typed, debounced, wellFormed, query }: CheckState): Availability {
  if (typed.trim() === '' || !wellFormed) return 'idle';
  if (typed.trim() !== debounced.trim() || query.status === 'pending' || query.isFetching) return 'checking';
  if (query.status === 'error') return 'error';
  return query.exists ? 'taken' : 'available';
}

/** Create is refused while checking or when the number is taken. */
export const canCreateWith = (availability: Availability) => availability !== 'checking' && availability !== 'taken';

/** Whether a create was refused because its load number is taken (the server's `{ load_number: ['ID already taken.'] }`). */
export function refusedAsTaken(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const messages = (error.body as { load_number?: unknown } | null)?.load_number;
  return Array.isArray(messages) && messages.includes(AVAILABILITY_MESSAGES.taken);
}
