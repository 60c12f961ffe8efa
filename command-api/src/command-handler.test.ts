import { describe, expect, it } from 'vitest';
import { StreamNotFound, WrongExpectedVersion, type EventStore } from '@portal/platform/event-store/port';
import { DEFAULT_ATTEMPTS, handleCommand, jitteredDelayMs, type Decider } from './command-handler';

/** A store whose stream is always missing and whose appends always conflict (another writer always got in first). */
function racingStore() {
  const appends: unknown[] = [];
  const store = {
    readStream: async (streamId: string) => {
      throw new StreamNotFound(streamId);
    },
    appendToStream: async (streamId: string, _events: unknown, options: unknown) => {
      appends.push(options);
      throw new WrongExpectedVersion(streamId, 'no_stream', 0n);
    },
  } as unknown as EventStore;
  return { store, appends };
}

const touch: Decider<null, { type: 'Touched'; data: object }, null> = {
  initialState: () => null,
  evolve: (state) => state,
  decide: () => [{ type: 'Touched', data: {} }],
};

describe('handleCommand attempts', () => {
  it('gives up on a conflict after twenty attempts unless told, waiting a random, growing while between them', async () => {
    const { store, appends } = racingStore();
    await expect(handleCommand(store, 's', touch, null, {})).rejects.toBeInstanceOf(WrongExpectedVersion);
    expect(appends).toEqual(Array.from({ length: DEFAULT_ATTEMPTS }, () => ({ expectedRevision: 'no_stream' })));
    expect(DEFAULT_ATTEMPTS).toBe(20);
    for (let failed = 1; failed < 10; failed += 1) {
      const waits = Array.from({ length: 200 }, () => jitteredDelayMs(failed));
      expect(Math.min(...waits)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...waits)).toBeLessThan(Math.min(2 ** (failed - 1), 32));
      expect(new Set(waits).size).toBeGreaterThan(100);
    }
  });

  it('makes as many attempts as asked, waiting as told between them', async () => {
    const { store, appends } = racingStore();
    const waits: number[] = [];
    const retryDelayMs = (failed: number) => {
      waits.push(failed);
      return 0;
    };
    await expect(handleCommand(store, 's', touch, null, {}, undefined, undefined, { attempts: 5, retryDelayMs })).rejects.toBeInstanceOf(WrongExpectedVersion);
    expect(appends).toHaveLength(5);
    expect(waits).toEqual([1, 2, 3, 4]);
  });
});
