import type { AccountEvent, AccountKind, UserSignedUp } from './events';

export type AccountState =
  | { status: 'none' }
  /** A reservation's user id whose sign-up never completed and whose username was taken over: never an account. */
  | { status: 'abandoned' }
  | {
      status: 'registered';
      userId: string;
      username: string;
      email: string;
      kind: AccountKind;
      passwordHash: string;
      activationSecretHash: string;
      activationExpiresAt: string;
      activated: boolean;
      builtin: boolean;
      vendorId: string | null;
      lastLogin: string | null;
      deleted: boolean;
    };

/**
 * `activated`: the account is active from the start, in the same append (sign-ups the system makes itself: the
 * built-in admin and the demo accounts; a start that stops halfway leaves no account that cannot sign in).
 */
export type SignUp = { type: 'SignUp'; data: Omit<UserSignedUp['data'], 'activation_expires_at'> & { now: Date; activationTtlMs: number; activated?: boolean } };
/** The secret's hash, computed by the caller; activation happens at most once, before expiry. */
export type Activate = { type: 'Activate'; data: { secretHash: string; now: Date } };
export type RecordLogin = { type: 'RecordLogin'; data: { now: Date } };
export type DeleteAccount = { type: 'DeleteAccount'; data: Record<string, never> };
export type RestoreAccount = { type: 'RestoreAccount'; data: Record<string, never> };
/**
 * Closes the stream of a user id whose reservation is being taken over (see UserSignUpAbandoned). `unfinished`: the
 * caller found that the account's sign-up stopped before it created the account's profile, so before any activation
 * link went out; such an account, never activated, is closed too. `now`: an account never activated whose activation
 * link expired before then is closed too (its link can no longer activate it; the expired-link page says to sign up
 * again, and the name must be free for that).
 */
export type AbandonSignUp = { type: 'AbandonSignUp'; data: { user_id: string; username: string; unfinished?: boolean; now?: Date } };

/** An account that never became one: never activated, never the system's own, never deleted by staff. */
const neverActive = (state: Extract<AccountState, { status: 'registered' }>) => !state.activated && !state.builtin && !state.deleted;

/** Whether an account's sign-up may be closed for its name to go to a new sign-up (see AbandonSignUp). */
export function signUpAbandonable(state: AccountState, reason: { unfinished?: boolean; now?: Date }): boolean {
  if (state.status !== 'registered') return true;
  if (!neverActive(state)) return false;
  return reason.unfinished === true || (reason.now !== undefined && reason.now.getTime() > Date.parse(state.activationExpiresAt));
}
export type AccountCommand = SignUp | Activate | RecordLogin | DeleteAccount | RestoreAccount | AbandonSignUp;

export class AccountError extends Error {
  constructor(readonly code: 'exists' | 'unknown' | 'invalid_token' | 'already_active' | 'expired' | 'inactive' | 'builtin' | 'not_deleted') {
    super(code);
  }
}

export const initialState = (): AccountState => ({ status: 'none' });

export function evolve(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'UserSignedUp': {
      const d = event.data;
      return {
        status: 'registered',
        userId: d.user_id,
        username: d.username,
        email: d.email,
        kind: d.kind,
        passwordHash: d.password_hash,
        activationSecretHash: d.activation_secret_hash,
        activationExpiresAt: d.activation_expires_at,
        activated: false,
        builtin: d.builtin,
        vendorId: d.vendor_id,
        lastLogin: null,
        deleted: false,
      };
    }
    case 'UserActivated':
      return state.status === 'registered' ? { ...state, activated: true } : state;
    case 'UserLoggedIn':
      return state.status === 'registered' ? { ...state, lastLogin: event.data.at } : state;
    case 'UserDeleted':
      return state.status === 'registered' ? { ...state, deleted: true } : state;
    case 'UserRestored':
      return state.status === 'registered' ? { ...state, deleted: false } : state;
    case 'UserSignUpAbandoned':
      return { status: 'abandoned' };
  }
}

function signUp(command: SignUp, state: AccountState): AccountEvent[] {
  if (state.status !== 'none') throw new AccountError('exists');
  const { now, activationTtlMs, activated, ...data } = command.data;
  const signedUp: AccountEvent = { type: 'UserSignedUp', data: { ...data, activation_expires_at: new Date(now.getTime() + activationTtlMs).toISOString() } };
  return activated ? [signedUp, { type: 'UserActivated', data: { user_id: data.user_id, activated_at: now.toISOString() } }] : [signedUp];
}

function activate(command: Activate, state: AccountState): AccountEvent[] {
  // A deleted account's link is dead: its page must not say it can now sign in (it cannot).
  if (state.status !== 'registered' || state.deleted) throw new AccountError('unknown');
  if (command.data.secretHash !== state.activationSecretHash) throw new AccountError('invalid_token');
  if (state.activated) throw new AccountError('already_active');
  if (command.data.now.getTime() > Date.parse(state.activationExpiresAt)) throw new AccountError('expired');
  return [{ type: 'UserActivated', data: { user_id: state.userId, activated_at: command.data.now.toISOString() } }];
}

function recordLogin(command: RecordLogin, state: AccountState): AccountEvent[] {
  if (state.status !== 'registered' || state.deleted) throw new AccountError('unknown');
  if (!state.activated) throw new AccountError('inactive');
  return [{ type: 'UserLoggedIn', data: { user_id: state.userId, at: command.data.now.toISOString() } }];
}

export function decide(command: AccountCommand, state: AccountState): AccountEvent[] {
  switch (command.type) {
    case 'SignUp':
      return signUp(command, state);
    case 'Activate':
      return activate(command, state);
    case 'RecordLogin':
      return recordLogin(command, state);
    case 'DeleteAccount':
      if (state.status !== 'registered' || state.deleted) throw new AccountError('unknown');
      if (state.builtin) throw new AccountError('builtin');
      return [{ type: 'UserDeleted', data: { user_id: state.userId } }];
    case 'AbandonSignUp':
      // Already closed: nothing more to record. An account was recorded: the reservation is its own, unless it never
      // became active and its sign-up stopped before the profile or its activation link has expired.
      if (state.status === 'abandoned') return [];
      if (!signUpAbandonable(state, command.data)) throw new AccountError('exists');
      return [{ type: 'UserSignUpAbandoned', data: { user_id: command.data.user_id, username: command.data.username } }];
    case 'RestoreAccount':
      if (state.status !== 'registered') throw new AccountError('unknown');
      if (!state.deleted) throw new AccountError('not_deleted');
      return [{ type: 'UserRestored', data: { user_id: state.userId } }];
    default: {
      const unhandled: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unhandled)}`);
    }
  }
}
