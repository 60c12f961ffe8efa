import { describe, expect, it } from 'vitest';
import { StreamNotFound, type EventStore, type ReadStreamOptions, type RecordedEvent } from '@portal/platform/event-store/port';
import { foldStream, type Fold } from './fold-stream';

/** A store that only reads: stream 'sums' holds the numbers 1 to 4 (revisions 0 to 3); any other stream is missing. */
const reads: ReadStreamOptions[] = [];
const recorded = [1, 4, 2, 3].map(
  (n, i): RecordedEvent => ({ id: `e${i}`, streamId: 'sums', revision: BigInt(i), position: BigInt(i), type: 'Added', data: { n }, metadata: {}, createdAt: new Date() }),
);
const store = {
  async readStream(streamId: string, options: ReadStreamOptions = {}) {
    reads.push(options);
    if (streamId === 'broken') throw new Error('connection lost');
    if (streamId !== 'sums') throw new StreamNotFound(streamId);
    return recorded.filter((event) => typeof options.fromRevision !== 'bigint' || event.revision >= options.fromRevision);
  },
} as unknown as EventStore;

/** Remembers the order the numbers came in, to show what was folded onto what. */
const list: Fold<number[], { type: 'Added'; data: { n: number } }> = {
  initialState: () => [],
  evolve: (state, event) => [...state, event.data.n],
};

describe('foldStream', () => {
  it('folds every event of a stream and gives the last revision', async () => {
    expect(await foldStream(store, 'sums', list)).toEqual({ state: [1, 4, 2, 3], revision: 3n });
  });

  it('gives the initial state and no_stream for a missing stream', async () => {
    expect(await foldStream(store, 'none', list)).toEqual({ state: [], revision: 'no_stream' });
  });

  it('lets every other read error through', async () => {
    await expect(foldStream(store, 'broken', list)).rejects.toThrow('connection lost');
  });

  it('folds only the events after a kept revision onto the kept state', async () => {
    reads.length = 0;
    expect(await foldStream(store, 'sums', list, { state: [100], revision: 1n })).toEqual({ state: [100, 2, 3], revision: 3n });
    expect(reads).toEqual([{ fromRevision: 1n }]);
  });

  it('keeps the kept state when nothing came after it', async () => {
    expect(await foldStream(store, 'sums', list, { state: [9], revision: 3n })).toEqual({ state: [9], revision: 3n });
  });

  it('gives undefined when the stream has no event at the kept revision', async () => {
    expect(await foldStream(store, 'sums', list, { state: [9], revision: 7n })).toBeUndefined();
  });
});
