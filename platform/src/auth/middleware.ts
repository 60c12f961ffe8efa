import { timingSafeEqual } from 'node:crypto';
import type Koa from 'koa';
import { HttpError } from '../http/errors';
import { CSRF_COOKIE, CSRF_HEADER, csrfTokenFor, newToken, SESSION_COOKIE, sessionKey, type SessionStore } from './sessions';

/** Methods that change nothing: no CSRF token needed, no body read. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

const CSRF_REFUSED = 'CSRF Failed: CSRF token missing or incorrect.';

export function cookieOptions(ctx: Koa.Context, httpOnly: boolean, expires?: Date) {
  return { httpOnly, sameSite: 'lax' as const, secure: ctx.secure, path: '/', overwrite: true, expires };
}

/** Sets the csrftoken cookie: `token`, or a new random one (a client with no session: the login and sign-up forms). */
export function setCsrfCookie(ctx: Koa.Context, token = newToken()): string {
  ctx.cookies.set(CSRF_COOKIE, token, { ...cookieOptions(ctx, false), maxAge: 365 * 24 * 3600 * 1000 });
  return token;
}

/** How many sessions' users `loadSession` remembers for `meanwhile` (the oldest is forgotten first). */
const MAX_USERS_KEPT = 50_000;

/**
 * ctx.state.session = { id, userId } when the request carries a live session cookie. `meanwhile`, when given, is
 * called with the user the session belonged to when this middleware last found it (if it did), before the session is
 * looked up, so work for that user can start while the lookup runs; it must not act on the user's behalf (the session
 * may have ended). A session's user never changes; one no longer found is forgotten.
 *
 * An unsafe request with a live session must carry that session's CSRF token (csrfTokenFor, handed out at login, and
 * by the read API to a page whose cookie holds another): double submit alone took any pair planted in the csrftoken
 * cookie (from a sibling subdomain, or over plain HTTP) and sent in the header too. A stale session cookie is left to
 * the routes (a guest): a login then goes through.
 */
export function loadSession(options: { sessions: SessionStore; meanwhile?: (ctx: Koa.Context, userId: string) => void }) {
  // By session key (a hash of the id, as the sessions table keeps it), only when there is a `meanwhile` to tell.
  const lastUsers = options.meanwhile ? new Map<string, string>() : undefined;
  return async function sessionFromCookie(ctx: Koa.Context, next: Koa.Next) {
    const id = ctx.cookies.get(SESSION_COOKIE);
    const key = lastUsers && id ? sessionKey(id) : undefined;
    const lastUser = key === undefined ? undefined : lastUsers!.get(key);
    if (lastUser !== undefined) options.meanwhile!(ctx, lastUser);
    const session = await options.sessions.get(id);
    if (key !== undefined) {
      if (!session) lastUsers!.delete(key);
      else if (lastUser === undefined) {
        lastUsers!.set(key, session.userId);
        if (lastUsers!.size > MAX_USERS_KEPT) lastUsers!.delete(lastUsers!.keys().next().value!);
      }
    }
    if (session && id && !SAFE_METHODS.has(ctx.method) && !sameToken(ctx.get(CSRF_HEADER), csrfTokenFor(id))) throw new HttpError(403, CSRF_REFUSED);
    ctx.state.session = session && id ? { id, userId: session.userId } : undefined;
    await next();
  };
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Every unsafe method needs the X-CSRFToken header equal to the csrftoken cookie (double submit), and, when the
 * browser says where the request comes from, an Origin on this host. Refused with 403 before anything changes. With a
 * live session, loadSession also wants the session's own token.
 */
export function csrfProtection() {
  return async function checkCsrf(ctx: Koa.Context, next: Koa.Next) {
    if (!SAFE_METHODS.has(ctx.method)) {
      const origin = ctx.get('Origin');
      if (origin && origin !== 'null') {
        let host: string | undefined;
        try {
          host = new URL(origin).host;
        } catch {
          host = undefined;
        }
        if (host !== ctx.host) throw new HttpError(403, 'CSRF Failed: Origin checking failed.');
      } else if (origin === 'null') {
        throw new HttpError(403, 'CSRF Failed: Origin checking failed.');
      }
      const cookie = ctx.cookies.get(CSRF_COOKIE);
      const header = ctx.get(CSRF_HEADER);
      if (!cookie || !header || !sameToken(cookie, header)) throw new HttpError(403, CSRF_REFUSED);
    }
    await next();
  };
}

/**
 * The read API hands a fresh csrftoken cookie to any client that has none, and a session's own token to a client with
 * a session cookie whose csrftoken is another (a session begun before tokens were the session's, or a planted cookie):
 * the page's next read sets it right, and the page's next change goes through.
 */
export function issueCsrfCookie() {
  return async function ensureCsrfCookie(ctx: Koa.Context, next: Koa.Next) {
    const session = ctx.cookies.get(SESSION_COOKIE);
    const token = ctx.cookies.get(CSRF_COOKIE);
    if (session) {
      const own = csrfTokenFor(session);
      if (token !== own) setCsrfCookie(ctx, own);
    } else if (!token) setCsrfCookie(ctx);
    await next();
  };
}
