import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { HttpError } from '../http/errors';

// scrypt, memory-hard: N=2^15, r=8 (32 MiB per hash). Stored as scrypt$N$r$p$salt$hash (base64url).
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEM = 64 * 1024 * 1024;

/**
 * Password hashes at once, and waiting. Each runs on libuv's thread pool (4 threads), which file reads and writes
 * share: unbounded, a burst of logins (each 32 MiB and about a tenth of a second) took every thread, and the product
 * stalled for everyone (a signed-in reader's list answered 503 after 10 s, a page 9 s) while it lasted (API probe).
 * Two at a time leave the pool's other threads to the rest; past MAX_WAITING, an attempt is refused at once.
 */
const MAX_HASHING = 2;
const MAX_WAITING = 64;
let hashing = 0;
const waiting: Array<() => void> = [];

/** Answered (503, Retry-After) when more password checks are waiting than MAX_WAITING. */
export const PASSWORD_CHECKS_BUSY = 'Too many sign-ins at once. Please try again in a moment.';

async function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  if (hashing >= MAX_HASHING) {
    if (waiting.length >= MAX_WAITING) throw new HttpError(503, PASSWORD_CHECKS_BUSY, { 'Retry-After': '2' });
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    hashing += 1;
  }
  try {
    return await new Promise<Buffer>((resolve, reject) =>
      scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
    );
  } finally {
    // The slot goes to the next waiting check as it is, else it is freed.
    const next = waiting.shift();
    if (next) next();
    else hashing -= 1;
  }
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAX_MEM });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p), maxmem: MAX_MEM });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// Verifying against this when a username does not exist makes a miss cost as long as a wrong password.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
}
