import { timingSafeEqual } from 'node:crypto';
import type Koa from 'koa';
import { HttpError } from '../http/errors';
import { CSRF_COOKIE, CSRF_HEADER, newToken, SESSION_COOKIE, type SessionStore } from './sessions';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function cookieOptions(ctx: Koa.Context, httpOnly: boolean, expires?: Date) {
  return { httpOnly, sameSite: 'lax' as const, secure: ctx.secure, path: '/', overwrite: true, expires };
}

export function setCsrfCookie(ctx: Koa.Context): string {
  const token = newToken();
  ctx.cookies.set(CSRF_COOKIE, token, { ...cookieOptions(ctx, false), maxAge: 365 * 24 * 3600 * 1000 });
  return token;
}

/**
 * ctx.state.session = { id, userId } when the request carries a live session cookie. `meanwhile`, when given, is
 * called with the user the session belonged to when last found (if it was) before the session is looked up, so work
 * for that user can start while the lookup runs; it must not act on the user's behalf (the session may have ended).
 */
export function loadSession(options: { sessions: SessionStore; meanwhile?: (ctx: Koa.Context, userId: string) => void }) {
  return async function sessionFromCookie(ctx: Koa.Context, next: Koa.Next) {
    const id = ctx.cookies.get(SESSION_COOKIE);
    const lastUser = options.meanwhile ? options.sessions.lastUserOf(id) : undefined;
    if (lastUser !== undefined) options.meanwhile!(ctx, lastUser);
    const session = await options.sessions.get(id);
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
 * browser says where the request comes from, an Origin on this host. Refused with 403 before anything changes.
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
      if (!cookie || !header || !sameToken(cookie, header)) throw new HttpError(403, 'CSRF Failed: CSRF token missing or incorrect.');
    }
    await next();
  };
}

/** The read API hands a fresh csrftoken cookie to any client that has none. */
export function issueCsrfCookie() {
  return async function ensureCsrfCookie(ctx: Koa.Context, next: Koa.Next) {
    if (!ctx.cookies.get(CSRF_COOKIE)) setCsrfCookie(ctx);
    await next();
  };
}
