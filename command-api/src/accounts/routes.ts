import Router from '@koa/router';
import type Koa from 'koa';
import { AccountError } from '@portal/domain/accounts/decider';
import { LOGIN_FAILED, loginSchema, staffSignUpSchema, vendorSignUpSchema } from '@portal/domain/accounts/schemas';
import { cookieOptions, setCsrfCookie } from '@portal/platform/auth/middleware';
import { csrfTokenFor, SESSION_COOKIE, type SessionStore } from '@portal/platform/auth/sessions';
import { type LoginThrottle, OneAtATime, type ThrottlePolicy } from '@portal/platform/auth/throttle';
import type { EventMetadata } from '@portal/platform/event-store/port';
import { HttpError, ValidationFailed } from '@portal/platform/http/errors';
import { actorMetadata, readActor } from './actor';
import type { AccountsService } from './service';

export interface LoginPolicies {
  /**
   * Failed logins of one username from one client address: the lock a guesser meets. The owner signing in from
   * elsewhere is not locked out by someone else's guesses.
   */
  perUsernameAndClient: ThrottlePolicy;
  /** Failed logins of one username from anywhere: guesses spread over many addresses (a higher limit). */
  perUsername: ThrottlePolicy;
  /** Failed logins from one client address. */
  perClient: ThrottlePolicy;
  /** Sign-ups from one client address, accepted or refused (each costs a password hash and may send a mail). */
  signUpsPerClient: ThrottlePolicy;
}

export const defaultLoginPolicies: LoginPolicies = {
  perUsernameAndClient: { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 5 * 60_000 },
  // Past what one address may try (5 per username, 30 in all), so only guessing from many addresses reaches it.
  perUsername: { maxFailures: 100, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  perClient: { maxFailures: 30, windowMs: 15 * 60_000, lockMs: 5 * 60_000 },
  // A carrier signs up once; an office behind one address may sign up a few.
  signUpsPerClient: { maxFailures: 10, windowMs: 60 * 60_000, lockMs: 30 * 60_000 },
};

const guest = (ctx: Koa.Context): EventMetadata => ({ actorType: 'GUEST', correlationId: ctx.state.requestId as string });

export function accountRoutes(deps: {
  accounts: AccountsService;
  sessions: SessionStore;
  throttle: LoginThrottle;
  policies?: LoginPolicies;
  staffEmailDomains?: readonly string[];
}): Router {
  const { accounts, sessions, throttle } = deps;
  const staffEmailDomains = deps.staffEmailDomains ?? [];
  const policies = deps.policies ?? defaultLoginPolicies;
  const router = new Router();
  const loginsInTurn = new OneAtATime();

  /**
   * Sign-up is open to anyone, and each one hashes a password and mails a link: past the policy's count from one
   * client address, 429 with Retry-After, before anything is hashed, reserved or sent. Every well-formed attempt
   * counts, accepted or refused (a taken username too).
   */
  const signUpAllowed = async (ctx: Koa.Context) => {
    const wait = await throttle.take(`signup:${ctx.ip}`, policies.signUpsPerClient);
    if (wait > 0) throw new HttpError(429, `Too many sign-up attempts. Try again in ${wait} seconds.`, { 'Retry-After': String(wait) });
  };

  router.post('/api/auth/signup/vendor/', async (ctx) => {
    const body = vendorSignUpSchema.parse(ctx.request.body ?? {});
    await signUpAllowed(ctx);
    const { position } = await accounts.signUp('VENDOR', body, guest(ctx));
    ctx.status = 201;
    ctx.body = { detail: 'Account created. Check your email for the activation link.', username: body.username, email: body.email, position };
  });

  router.post('/api/auth/signup/staff/', async (ctx) => {
    const body = staffSignUpSchema.parse(ctx.request.body ?? {});
    await signUpAllowed(ctx);
    // Staff of any tier see every vendor's documents: where the brokerage lists its email domains, a staff account
    // needs a mailbox at one of them (the activation link goes there).
    if (staffEmailDomains.length > 0 && !staffEmailDomains.includes(body.email.slice(body.email.lastIndexOf('@') + 1).toLowerCase())) {
      throw new ValidationFailed({ email: [`Use your company email address (${staffEmailDomains.map((domain) => `@${domain}`).join(' or ')}).`] });
    }
    const { position } = await accounts.signUp('STAFF', body, guest(ctx));
    ctx.status = 201;
    ctx.body = { detail: 'Account created. Check your email for the activation link.', username: body.username, email: body.email, position };
  });

  // The link in the activation mail. It activates once and lands on the UI's confirmation page. A HEAD (the router
  // answers it with this route), as link checkers and mail scanners send, activates nothing.
  router.get('/api/auth/activate/:token/', async (ctx) => {
    if (ctx.method === 'HEAD') {
      ctx.status = 204;
      return;
    }
    const { outcome } = await accounts.activate(ctx.params.token ?? '', guest(ctx));
    ctx.redirect(outcome === 'activated' ? '/account/activated' : `/account/activated?status=${outcome}`);
  });

  router.post('/api/auth/login/', async (ctx) => {
    const body = loginSchema.parse(ctx.request.body ?? {});
    const username = body.username.toLowerCase();
    const counted = [
      { key: `user-client:${ctx.ip}:${username}`, policy: policies.perUsernameAndClient },
      { key: `user:${username}`, policy: policies.perUsername },
      { key: `client:${ctx.ip}`, policy: policies.perClient },
    ];
    // Counted as a failure before the password is checked (see LoginThrottle.begin): guesses sent all at once are
    // refused past the limits like guesses sent one by one. One username from one address is checked one attempt at
    // a time (OneAtATime), so each sees what the one before it came to.
    const result = await loginsInTurn.run(counted[0]!.key, async () => {
      const begun = await throttle.begin(counted);
      if ('wait' in begun) throw new HttpError(429, `Too many failed login attempts. Try again in ${begun.wait} seconds.`, { 'Retry-After': String(begun.wait) });
      const checked = await accounts.authenticate(body.username, body.password, body.portal).catch(async (error: unknown) => {
        // Not checked (too many checks waiting, the database gone): not a failed login either.
        await throttle.forgive(begun.attempt).catch(() => undefined);
        throw error;
      });
      // The right password is not a failed login: its count is taken back (as is a lock it alone set).
      if (checked.ok || checked.reason !== 'invalid') await throttle.forgive(begun.attempt);
      return checked;
    });
    if (!result.ok) {
      // Only someone who knows the password learns that the account awaits activation.
      throw new HttpError(400, result.reason === 'inactive' ? 'This account is not activated yet. Please use the activation link sent to your email.' : LOGIN_FAILED);
    }
    // This address's guesses at the username are forgiven; the counts of the username and of the address stand.
    await throttle.reset([counted[0]!.key]);
    // A brand-new session and CSRF token at every login: a planted session id or token is worthless.
    await sessions.destroy(ctx.cookies.get(SESSION_COOKIE));
    // Recorded before the session is handed out, so a sign-in that fails here leaves the client signed out.
    // Recorded as the account's own username, type and tier (not the name as typed: login ignores its case), as
    // every command the session makes afterwards is.
    const actor = await readActor(accounts.eventStore, result.userId);
    const metadata: EventMetadata = actor
      ? actorMetadata(actor, ctx)
      : { actorId: result.userId, actorUsername: username, correlationId: ctx.state.requestId as string };
    await accounts.recordLogin(result.userId, metadata).catch((error: unknown) => {
      // Deleted (or otherwise closed) between the password check and here: answered as such an account always is.
      if (error instanceof AccountError) throw new HttpError(400, LOGIN_FAILED);
      throw error;
    });
    const session = await sessions.create(result.userId);
    ctx.cookies.set(SESSION_COOKIE, session.id, cookieOptions(ctx, true, session.expiresAt));
    setCsrfCookie(ctx, csrfTokenFor(session.id));
    ctx.body = await accounts.user(result.userId);
  });

  router.post('/api/auth/logout/', async (ctx) => {
    await sessions.destroy(ctx.cookies.get(SESSION_COOKIE));
    ctx.cookies.set(SESSION_COOKIE, '', { ...cookieOptions(ctx, true), maxAge: 0 });
    ctx.body = { detail: 'Logged out.' };
  });

  return router;
}
