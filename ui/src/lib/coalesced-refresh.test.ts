import { describe, expect, it, vi } from 'vitest';
import { coalescedRefresh } from './coalesced-refresh';

/** A refresh whose runs finish when the test says so. */
function controlledRefresh() {
  const pending: (() => void)[] = [];
  let runs = 0;
  const refresh = () => {
    runs += 1;
    return new Promise<void>((resolve) => pending.push(resolve));
  };
  const finish = async () => {
    pending.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { refresh, finish, runs: () => runs, inFlight: () => pending.length };
}

describe('a coalesced refresh', () => {
  it('runs at once when idle', () => {
    const control = controlledRefresh();
    coalescedRefresh(control.refresh)();
    expect(control.runs()).toBe(1);
  });

  it('runs once more after the one in flight, however many asked meanwhile', async () => {
    const control = controlledRefresh();
    const request = coalescedRefresh(control.refresh);
    for (let i = 0; i < 55; i += 1) request();
    expect(control.runs()).toBe(1);
    await control.finish();
    expect(control.runs()).toBe(2);
    expect(control.inFlight()).toBe(1);
    await control.finish();
    expect(control.runs()).toBe(2);
    expect(control.inFlight()).toBe(0);
  });

  it('keeps following after a failed run', async () => {
    let runs = 0;
    const request = coalescedRefresh(() => {
      runs += 1;
      return Promise.reject(new Error('offline'));
    });
    request();
    request();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toBe(2);
    request();
    expect(runs).toBe(3);
  });
});

describe('a coalesced refresh with a minimum interval', () => {
  it('starts runs at least that far apart, and still reads after the last request', async () => {
    vi.useFakeTimers();
    try {
      let runs = 0;
      const request = coalescedRefresh(async () => void (runs += 1), { minIntervalMs: 2_000 });
      request();
      expect(runs).toBe(1);
      await vi.advanceTimersByTimeAsync(10);
      // A change a moment later waits for the interval; more changes meanwhile are read by that same run.
      request();
      request();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(runs).toBe(1);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(runs).toBe(2);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(runs).toBe(2);
      // Long after the last run, a request runs at once.
      request();
      expect(runs).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
