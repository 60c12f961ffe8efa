import { describe, expect, it } from 'vitest';
import { AccountError, decide, evolve, initialState, type AccountState } from './decider';
import type { AccountEvent } from './events';

const now = new Date('2026-11-21T12:00:00.000Z');
const signedUp: AccountEvent = {
  type: 'UserSignedUp',
  data: {
    user_id: 'u-1', username: 'acme', email: 'ops@acme.com', kind: 'VENDOR', first_name: '', last_name: '',
    password_hash: 'scrypt$hash', activation_secret_hash: 'secret-hash', activation_expires_at: '2026-11-22T12:00:00.000Z',
    vendor_id: 'v-1', builtin: false,
  },
};
const given = (...events: AccountEvent[]): AccountState => events.reduce(evolve, initialState());
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as AccountError).code;
  }
  return 'no error';
};

describe('account decider', () => {
  it('signs up a new account with an activation deadline', () => {
    const { activation_expires_at: _, ...data } = signedUp.data;
    const [event] = decide({ type: 'SignUp', data: { ...data, now, activationTtlMs: 3_600_000 } }, initialState());
    expect(event).toEqual({ type: 'UserSignedUp', data: { ...signedUp.data, activation_expires_at: '2026-11-21T13:00:00.000Z' } });
  });

  it('signs up an account active from the start in one decision, when the system asks for it', () => {
    const { activation_expires_at: _, ...data } = signedUp.data;
    const events = decide({ type: 'SignUp', data: { ...data, now, activationTtlMs: 3_600_000, activated: true } }, initialState());
    expect(events).toEqual([
      { type: 'UserSignedUp', data: { ...signedUp.data, activation_expires_at: '2026-11-21T13:00:00.000Z' } },
      { type: 'UserActivated', data: { user_id: signedUp.data.user_id, activated_at: now.toISOString() } },
    ]);
    expect(events.reduce(evolve, initialState())).toMatchObject({ status: 'registered', activated: true });
  });

  it('refuses to sign up an account twice', () => {
    expect(code(() => decide({ type: 'SignUp', data: { ...signedUp.data, now, activationTtlMs: 1 } }, given(signedUp)))).toBe('exists');
  });

  it('activates once, with the right secret, before the deadline', () => {
    expect(decide({ type: 'Activate', data: { secretHash: 'secret-hash', now } }, given(signedUp))).toEqual([
      { type: 'UserActivated', data: { user_id: 'u-1', activated_at: now.toISOString() } },
    ]);
    const activated: AccountEvent = { type: 'UserActivated', data: { user_id: 'u-1', activated_at: now.toISOString() } };
    expect(code(() => decide({ type: 'Activate', data: { secretHash: 'secret-hash', now } }, given(signedUp, activated)))).toBe('already_active');
    expect(code(() => decide({ type: 'Activate', data: { secretHash: 'wrong', now } }, given(signedUp)))).toBe('invalid_token');
    expect(code(() => decide({ type: 'Activate', data: { secretHash: 'secret-hash', now: new Date('2026-11-23T00:00:00Z') } }, given(signedUp)))).toBe('expired');
    expect(code(() => decide({ type: 'Activate', data: { secretHash: 'secret-hash', now } }, initialState()))).toBe('unknown');
    // A deleted account's link activates nothing (its page said it could now sign in; it could not).
    expect(code(() => decide({ type: 'Activate', data: { secretHash: 'secret-hash', now } }, given(signedUp, { type: 'UserDeleted', data: { user_id: 'u-1' } })))).toBe('unknown');
  });

  it('records a login only for an active account', () => {
    expect(code(() => decide({ type: 'RecordLogin', data: { now } }, given(signedUp)))).toBe('inactive');
    const activated: AccountEvent = { type: 'UserActivated', data: { user_id: 'u-1', activated_at: now.toISOString() } };
    const [login] = decide({ type: 'RecordLogin', data: { now } }, given(signedUp, activated));
    expect(login).toEqual({ type: 'UserLoggedIn', data: { user_id: 'u-1', at: now.toISOString() } });
    expect(given(signedUp, activated, login!)).toMatchObject({ lastLogin: now.toISOString(), activated: true });
  });
});

describe('an abandoned sign-up (its username taken over)', () => {
  const abandon = { type: 'AbandonSignUp', data: { user_id: 'u-1', username: 'acme' } } as const;
  const abandoned: AccountEvent = { type: 'UserSignUpAbandoned', data: { user_id: 'u-1', username: 'acme' } };

  it('closes a user id that has no account, once', () => {
    expect(decide(abandon, initialState())).toEqual([abandoned]);
    expect(decide(abandon, given(abandoned))).toEqual([]);
  });

  it('never closes an account that was recorded, unless its sign-up stopped before the profile', () => {
    expect(code(() => decide(abandon, given(signedUp)))).toBe('exists');
  });

  it('closes an account whose sign-up stopped before its profile, while it was never activated, builtin or deleted', () => {
    const unfinished = { type: 'AbandonSignUp', data: { user_id: 'u-1', username: 'acme', unfinished: true } } as const;
    const closed = decide(unfinished, given(signedUp));
    expect(closed).toEqual([abandoned]);
    expect(given(signedUp, ...closed)).toEqual({ status: 'abandoned' });
    // Closed for good: no activation, login or second account.
    expect(code(() => decide({ type: 'Activate', data: { secretHash: 'secret-hash', now } }, given(signedUp, abandoned)))).toBe('unknown');
    expect(code(() => decide({ type: 'SignUp', data: { ...signedUp.data, now, activationTtlMs: 1 } }, given(signedUp, abandoned)))).toBe('exists');
    const activated: AccountEvent = { type: 'UserActivated', data: { user_id: 'u-1', activated_at: now.toISOString() } };
    expect(code(() => decide(unfinished, given(signedUp, activated)))).toBe('exists');
    expect(code(() => decide(unfinished, given({ ...signedUp, data: { ...signedUp.data, builtin: true } })))).toBe('exists');
    expect(code(() => decide(unfinished, given(signedUp, { type: 'UserDeleted', data: { user_id: 'u-1' } })))).toBe('exists');
  });

  it('closes an account never activated once its activation link has expired, and not before', () => {
    const expiresAt = Date.parse((signedUp.data as { activation_expires_at: string }).activation_expires_at);
    const at = (ms: number) => ({ type: 'AbandonSignUp', data: { user_id: 'u-1', username: 'acme', now: new Date(ms) } }) as const;
    expect(code(() => decide(at(expiresAt), given(signedUp)))).toBe('exists');
    expect(decide(at(expiresAt + 1), given(signedUp))).toEqual([abandoned]);
    // An account that was activated, is the system's own or was deleted keeps its name, however old its link.
    const activated: AccountEvent = { type: 'UserActivated', data: { user_id: 'u-1', activated_at: now.toISOString() } };
    expect(code(() => decide(at(expiresAt + 1), given(signedUp, activated)))).toBe('exists');
    expect(code(() => decide(at(expiresAt + 1), given({ ...signedUp, data: { ...signedUp.data, builtin: true } })))).toBe('exists');
    expect(code(() => decide(at(expiresAt + 1), given(signedUp, { type: 'UserDeleted', data: { user_id: 'u-1' } })))).toBe('exists');
  });

  it('refuses the late sign-up of a user id it closed', () => {
    expect(code(() => decide({ type: 'SignUp', data: { ...signedUp.data, now, activationTtlMs: 1 } }, given(abandoned)))).toBe('exists');
  });
});
