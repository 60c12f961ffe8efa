import { describe, expect, it } from 'vitest';
import { DeadlineExceeded, within } from './deadline';

describe('within', () => {
  it('answers what the work answers in time, its failure too', async () => {
    await expect(within(Promise.resolve(42), 1_000, 'work')).resolves.toBe(42);
    await expect(within(Promise.reject(new Error('refused')), 1_000, 'work')).rejects.toThrow('refused');
  });

  it('gives up with DeadlineExceeded, naming what and how long, when the work does not answer in time', async () => {
    const started = Date.now();
    const never = new Promise<never>(() => undefined);
    const error = await within(never, 50, 'database').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeadlineExceeded);
    expect((error as Error).message).toBe('database: no answer within 0.05 s');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('leaves no unhandled rejection when the work fails after the deadline', async () => {
    let fail: (error: Error) => void = () => undefined;
    const late = new Promise<never>((_, reject) => { fail = reject; });
    await expect(within(late, 10, 'work')).rejects.toBeInstanceOf(DeadlineExceeded);
    fail(new Error('too late'));
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
});
