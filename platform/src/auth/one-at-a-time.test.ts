import { describe, expect, it } from 'vitest';
import { OneAtATime } from './throttle';

describe('OneAtATime', () => {
  it('runs the work of one key one at a time, in order, whatever the one before ended in; other keys alongside', async () => {
    const turns = new OneAtATime();
    const log: string[] = [];
    const step = (name: string, ms: number, fail = false) => async () => {
      log.push(`${name} starts`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push(`${name} ends`);
      if (fail) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([
      turns.run('a', step('a1', 30, true)),
      turns.run('a', step('a2', 5)),
      turns.run('b', step('b1', 10)),
    ]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message))).toEqual(['a1', 'a2', 'b1']);
    expect(log).toEqual(['a1 starts', 'b1 starts', 'b1 ends', 'a1 ends', 'a2 starts', 'a2 ends']);
    // Nothing is kept once a key's work is done.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(turns.size).toBe(0);
  });
});
