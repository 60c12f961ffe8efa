import { createHash, randomUUID } from 'node:crypto';
import * as account from '@portal/domain/accounts/decider';
import { AccountError } from '@portal/domain/accounts/decider';
import { userStream, usernameStream, type AccountKind } from '@portal/domain/accounts/events';
import type { StaffSignUp, VendorSignUp } from '@portal/domain/accounts/schemas';
import * as staff from '@portal/domain/staff/decider';
import { staffStream, type StaffTier } from '@portal/domain/staff/events';
import * as vendor from '@portal/domain/vendors/decider';
import { vendorStream } from '@portal/domain/vendors/events';
import { burnPasswordCheck, hashPassword, verifyPassword } from '@portal/platform/auth/passwords';
import { newToken } from '@portal/platform/auth/sessions';
import { ValidationFailed } from '@portal/platform/http/errors';
import { readStreamOrNone, WrongExpectedVersion, type EventMetadata, type EventStore, type ExpectedRevision } from '@portal/platform/event-store/port';
import type { Logger } from '@portal/platform/logger';
import type { Mailer } from '@portal/platform/mail/mailer';
import { handleCommand } from '../command-handler';
import { lastReservation, loadAccount, loadStaff, registeredAccount } from './aggregates';
import { userView } from './user-view';

export type ActivationOutcome = 'activated' | 'used' | 'invalid' | 'expired';
export type Portal = 'vendor' | 'staff';
export type AuthenticationResult =
  | { ok: true; userId: string }
  | { ok: false; reason: 'invalid' | 'inactive' | 'wrong_kind' };

/**
 * A sign-in's conflicts are other sign-ins of the user recorded first, so it needs at most one attempt more than there
 * are sign-ins at once; 30 is the budget recordLogin always had (ten rounds of handleCommand's three attempts).
 */
const LOGIN_ATTEMPTS = 30;
/**
 * How old a username reservation must be before a new sign-up may take it over when its sign-up never completed (no
 * account, or an account without its profile).
 */
export const RESERVATION_GRACE_MS = 60_000;

const usernameTaken = () => new ValidationFailed({ username: ['A user with that username already exists.'] });
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{20,100})$/;

export interface AccountsDeps {
  store: EventStore;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  activationTtlMs: number;
}

export class AccountsService {
  constructor(private readonly deps: AccountsDeps) {}

  get eventStore(): EventStore {
    return this.deps.store;
  }

  /**
   * Reserves the username (no_stream: of two concurrent sign-ups of one name only one wins), records the account,
   * creates its empty vendor profile or PENDING staff profile, and mails the activation link.
   */
  async signUp(
    kind: AccountKind,
    body: VendorSignUp | StaffSignUp,
    metadata: EventMetadata,
    options: { builtin?: boolean; tier?: StaffTier; activated?: boolean } = {},
  ): Promise<{ userId: string; vendorId: string | null; position: bigint | null }> {
    const { store } = this.deps;
    const userId = randomUUID();
    const vendorId = kind === 'VENDOR' ? randomUUID() : null;
    const passwordHash = await hashPassword(body.password);
    const reserve = async (expectedRevision: ExpectedRevision) => {
      try {
        await store.appendToStream(usernameStream(body.username), [{ type: 'UsernameReserved', data: { user_id: userId, username: body.username }, metadata }], { expectedRevision });
        return true;
      } catch (error) {
        if (error instanceof WrongExpectedVersion) return false;
        throw error;
      }
    };
    if (!(await reserve('no_stream'))) {
      // Of two sign-ups taking an abandoned reservation over at once, the one that reserves first wins.
      const abandoned = await this.closeAbandonedReservation(body.username, metadata);
      if (abandoned === undefined || !(await reserve(abandoned))) throw usernameTaken();
      this.deps.logger.warn('took over the username reservation of a sign-up that never completed', { username: body.username });
    }
    const secret = newToken();
    const names = 'first_name' in body ? { first_name: body.first_name, last_name: body.last_name } : { first_name: '', last_name: '' };
    await handleCommand(store, userStream(userId), account, {
      type: 'SignUp',
      data: {
        user_id: userId,
        username: body.username,
        email: body.email,
        kind,
        ...names,
        password_hash: passwordHash,
        activation_secret_hash: sha256(secret),
        vendor_id: vendorId,
        builtin: options.builtin ?? false,
        now: new Date(),
        activationTtlMs: this.deps.activationTtlMs,
        activated: options.activated ?? false,
      },
    }, metadata).catch((error: unknown) => {
      // Never for a fresh user id, unless this sign-up stalled past RESERVATION_GRACE_MS and another took its name.
      throw error instanceof AccountError && error.code === 'exists' ? usernameTaken() : error;
    });
    const profile = vendorId
      ? await handleCommand(store, vendorStream(vendorId), vendor, { type: 'CreateVendorProfile', data: { vendor_id: vendorId, user_id: userId, username: body.username } }, metadata)
      : await handleCommand(store, staffStream(userId), staff, {
          type: 'CreateStaffProfile',
          data: { user_id: userId, tier: options.tier ?? 'PENDING', ...names, email: body.email, builtin: options.builtin ?? false },
        }, metadata);
    // An account active from the start (the system's own) needs no activation link.
    if (!options.activated) await this.mailActivation(body.username, body.email, `${userId}.${secret}`);
    return { userId, vendorId, position: profile.position };
  }

  /**
   * A reservation whose sign-up never completed would keep its username from everyone for good: the process stopped
   * between reserving the name and recording the account, or between recording the account and creating its profile
   * (the activation link, mailed last, never went out, so nobody can activate it); so would an account whose link
   * expired unused (the expired-link page says to sign up again). Once it is older than
   * RESERVATION_GRACE_MS (no sign-up in progress takes that long), the abandoned user id's stream is closed (so a
   * sign-up that was only stalled cannot record or activate an account of the name later) and the reservation's
   * revision is answered, for the caller to reserve the name at. Undefined when the name is taken: its account is
   * active (or its link can still activate it), or the reservation is too recent.
   */
  private async closeAbandonedReservation(username: string, metadata: EventMetadata): Promise<bigint | undefined> {
    const { store } = this.deps;
    const last = await lastReservation(store, username);
    if (!last || Date.now() - last.at.getTime() < RESERVATION_GRACE_MS) return undefined;
    const recorded = await loadAccount(store, last.userId);
    const now = new Date();
    const unfinished = recorded.status === 'registered' && !recorded.activated && !(await streamExists(store, profileStream(recorded)));
    // A complete account (the usual refusal of a taken name): the decider would refuse; no second read of its stream.
    if (!account.signUpAbandonable(recorded, { unfinished, now })) return undefined;
    try {
      // Already closed (by a take-over that stopped before reserving, or one running now): nothing more is recorded.
      await handleCommand(store, userStream(last.userId), account, { type: 'AbandonSignUp', data: { user_id: last.userId, username, unfinished, now } }, metadata);
    } catch (error) {
      if (error instanceof AccountError) return undefined;
      throw error;
    }
    if (recorded.status === 'registered') {
      this.deps.logger.warn(unfinished ? 'closed an account whose sign-up stopped before its profile' : 'closed an account whose activation link expired unused', { username, userId: last.userId });
    }
    return last.revision;
  }

  private async mailActivation(username: string, email: string, token: string): Promise<void> {
    const link = `${this.deps.publicUrl}/api/auth/activate/${token}/`;
    try {
      await this.deps.mailer.send({
        to: email,
        subject: 'Activate your Freight Portal account',
        text:
          `Hello ${username},\n\nYour Freight Portal account has been created. Activate it by opening this link:\n\n${link}\n\n` +
          `The link works once and expires in ${Math.round(this.deps.activationTtlMs / 3_600_000)} hours.\n` +
          `If you did not sign up, ignore this message.\n`,
      });
    } catch (error) {
      // The account is recorded; the user can ask support for a new link. Say so loudly in the logs.
      this.deps.logger.error('activation mail could not be sent', { to: email, error });
    }
  }

  async activate(token: string, metadata: EventMetadata): Promise<{ outcome: ActivationOutcome; position: bigint | null }> {
    const match = TOKEN.exec(token);
    if (!match) return { outcome: 'invalid', position: null };
    const [, userId, secret] = match as unknown as [string, string, string];
    try {
      const result = await handleCommand(this.deps.store, userStream(userId), account, { type: 'Activate', data: { secretHash: sha256(secret), now: new Date() } }, { ...metadata, actorId: userId });
      return { outcome: 'activated', position: result.position };
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      const outcome: ActivationOutcome = error.code === 'already_active' ? 'used' : error.code === 'expired' ? 'expired' : 'invalid';
      return { outcome, position: null };
    }
  }

  /** Checks the password; a missing username costs as much time as a wrong password and says nothing more. */
  async authenticate(username: string, password: string, portal: Portal | undefined): Promise<AuthenticationResult> {
    const state = await registeredAccount(this.deps.store, username);
    if (!state) {
      await burnPasswordCheck(password);
      return { ok: false, reason: 'invalid' };
    }
    if (!(await verifyPassword(password, state.passwordHash))) return { ok: false, reason: 'invalid' };
    // A deleted account answers like a wrong password: nothing tells a caller it ever existed.
    if (state.deleted) return { ok: false, reason: 'invalid' };
    if (!state.activated) return { ok: false, reason: 'inactive' };
    if (portal && (portal === 'vendor') !== (state.kind === 'VENDOR')) return { ok: false, reason: 'wrong_kind' };
    return { ok: true, userId: state.userId };
  }

  async recordLogin(userId: string, metadata: EventMetadata): Promise<void> {
    // Many sign-ins of one user at once are all recorded: a conflict only means another one was recorded first, so try
    // again after a short random pause that grows with each conflict (it spreads the sign-ins that race).
    await handleCommand(this.deps.store, userStream(userId), account, { type: 'RecordLogin', data: { now: new Date() } }, metadata, undefined, undefined, {
      attempts: LOGIN_ATTEMPTS,
      retryDelayMs: (failed) => Math.random() * failed,
    });
  }

  /** The signed-in user, from the account's own streams; undefined when the account cannot be signed in. */
  async user(userId: string) {
    const { store } = this.deps;
    // Only a missing stream means no user; a failing read is an error, not a signed-out answer.
    const events = await readStreamOrNone(store, userStream(userId));
    const state = events.reduce((s, e) => account.evolve(s, { type: e.type, data: e.data } as never), account.initialState());
    if (state.status !== 'registered' || !state.activated || state.deleted) return undefined;
    return userView(state, await loadStaff(store, userId), events[0]!.createdAt);
  }

  async changeTier(userId: string, to: StaffTier, metadata: EventMetadata) {
    return handleCommand(this.deps.store, staffStream(userId), staff, { type: 'ChangeTier', data: { to } }, metadata);
  }
}

/** The stream of the profile a sign-up creates right after the account: the vendor's, or the staff member's. */
const profileStream = (state: Extract<account.AccountState, { status: 'registered' }>) =>
  state.vendorId ? vendorStream(state.vendorId) : staffStream(state.userId);

async function streamExists(store: EventStore, streamId: string): Promise<boolean> {
  return (await readStreamOrNone(store, streamId, { maxCount: 1 })).length > 0;
}
