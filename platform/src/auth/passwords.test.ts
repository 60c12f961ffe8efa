import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { hashPassword, PASSWORD_CHECKS_BUSY, verifyPassword } from './passwords';

describe('password checks', () => {
  it('verify the right password and refuse a wrong one', async () => {
    const stored = await hashPassword('Right-Horse-7');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    await expect(verifyPassword('Right-Horse-7', stored)).resolves.toBe(true);
    await expect(verifyPassword('Wrong-Horse-7', stored)).resolves.toBe(false);
  });

  it('run two at a time, up to 64 waiting; past that a check is refused at once with 503 and Retry-After', { timeout: 60_000 }, async () => {
    // Unbounded, a burst of logins took every thread of the pool file access shares, and the product stalled.
    const stored = await hashPassword('Right-Horse-7');
    const outcomes = await Promise.allSettled(Array.from({ length: 2 + 64 + 5 }, () => verifyPassword('Right-Horse-7', stored)));
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(refused).toHaveLength(5);
    for (const { reason } of refused) {
      expect(reason).toBeInstanceOf(HttpError);
      expect(reason).toMatchObject({ status: 503, detail: PASSWORD_CHECKS_BUSY, headers: { 'Retry-After': '2' } });
    }
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled' && outcome.value === true)).toHaveLength(66);
    // Once they are done, checks run again.
    await expect(verifyPassword('Right-Horse-7', stored)).resolves.toBe(true);
  });
});
