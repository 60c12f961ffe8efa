import { describe, expect, it } from 'vitest';
import {
  StreamNotFound,
  WrongExpectedVersion,
  type AppendOptions,
  type EventStore,
  type NewEvent,
  type ReadStreamOptions,
  type RecordedEvent,
} from '@portal/platform/event-store/port';
import { handleCommand, type Decider } from './command-handler';
import { StreamStates } from './stream-states';

/** An in-memory event store with the port's revision rules, counting reads; `gate` holds reads until released. */
function memoryStore() {
  const streams = new Map<string, RecordedEvent[]>();
  let position = 0n;
  const counts = { reads: 0, appends: 0 };
  let gate: Promise<void> | undefined;
  const store: EventStore = {
    kind: 'postgres',
    async appendToStream(streamId: string, events: NewEvent[], options: AppendOptions = {}) {
      counts.appends++;
      const stream = streams.get(streamId) ?? [];
      const actual = stream.length === 0 ? 'no_stream' : BigInt(stream.length - 1);
      const expected = options.expectedRevision ?? 'any';
      if (expected !== 'any' && expected !== actual && !(expected === 'stream_exists' && actual !== 'no_stream')) {
        throw new WrongExpectedVersion(streamId, expected, actual);
      }
      for (const event of events) {
        stream.push({ id: String(position), streamId, revision: BigInt(stream.length), position: position++, type: event.type, data: JSON.parse(JSON.stringify(event.data)), metadata: {}, createdAt: new Date() });
      }
      streams.set(streamId, stream);
      return { nextExpectedRevision: BigInt(stream.length - 1), position: position - 1n };
    },
    async readStream(streamId: string, options: ReadStreamOptions = {}) {
      counts.reads++;
      const snapshot = [...(streams.get(streamId) ?? [])];
      await gate;
      if (snapshot.length === 0) throw new StreamNotFound(streamId);
      const from = typeof options.fromRevision === 'bigint' ? options.fromRevision : 0n;
      return snapshot.filter((event) => event.revision >= from);
    },
    readAll: async () => [],
    subscribeToAll: () => { throw new Error('not used'); },
    headPosition: async () => position - 1n,
    close: async () => {},
  };
  return { store, counts, hold: () => { let release!: () => void; gate = new Promise((resolve) => (release = resolve)); return () => { gate = undefined; release(); }; } };
}

type CounterEvent = { type: 'Set'; data: { to: number } };
type CounterState = { value: number; locked: boolean };
/** A counter that can be set to a value; a value equal to the current one records nothing; 'locked' refuses. */
const counter: Decider<{ to: number }, CounterEvent, CounterState> = {
  initialState: () => ({ value: 0, locked: false }),
  evolve: (state, event) => ({ ...state, value: event.data.to, locked: event.data.to < 0 }),
  decide: (command, state) => (command.to === state.value ? [] : [{ type: 'Set', data: { to: command.to } }]),
};
const notLocked = (state: CounterState) => {
  if (state.locked) throw new Error('locked');
};

describe('handleCommand with kept stream states', () => {
  it('appends at the kept revision without reading the stream', async () => {
    const { store, counts } = memoryStore();
    const states = new StreamStates(counter);
    await handleCommand(store, 's-1', counter, { to: 1 }, {}, notLocked, states);
    const reads = counts.reads;
    const result = await handleCommand(store, 's-1', counter, { to: 2 }, {}, notLocked, states);
    expect(result.state.value).toBe(2);
    expect(counts.reads).toBe(reads);
    expect((await store.readStream('s-1')).map((event) => event.data.to)).toEqual([1, 2]);
  });

  it('decides again on the stream as stored when it moved on since the state was kept', async () => {
    const { store } = memoryStore();
    const states = new StreamStates(counter);
    await handleCommand(store, 's-2', counter, { to: 1 }, {}, notLocked, states);
    await store.appendToStream('s-2', [{ type: 'Set', data: { to: 5 } }]);
    // Kept says 1: setting 1 would be a no-op there, but the stream is at 5.
    const noop = await handleCommand(store, 's-2', counter, { to: 1 }, {}, notLocked, states);
    expect(noop.events).toHaveLength(1);
    expect((await store.readStream('s-2')).map((event) => event.data.to)).toEqual([1, 5, 1]);
    await store.appendToStream('s-2', [{ type: 'Set', data: { to: 7 } }]);
    // Kept says 1; an append at its revision is refused and the command is decided on 7.
    const moved = await handleCommand(store, 's-2', counter, { to: 3 }, {}, notLocked, states);
    expect(moved.state.value).toBe(3);
    expect((await store.readStream('s-2')).map((event) => event.data.to)).toEqual([1, 5, 1, 7, 3]);
  });

  it('refuses only on the stream as stored, never on a kept state alone', async () => {
    const { store } = memoryStore();
    const states = new StreamStates(counter);
    await handleCommand(store, 's-3', counter, { to: -1 }, {}, undefined, states);
    await expect(handleCommand(store, 's-3', counter, { to: 2 }, {}, notLocked, states)).rejects.toThrow('locked');
    await store.appendToStream('s-3', [{ type: 'Set', data: { to: 4 } }]);
    // Kept says locked; the stream says 4: allowed.
    expect((await handleCommand(store, 's-3', counter, { to: 2 }, {}, notLocked, states)).state.value).toBe(2);
  });
});

describe('StreamStates.read', () => {
  it('reads only the events past the kept revision, and folds them onto the kept state', async () => {
    const { store } = memoryStore();
    const states = new StreamStates(counter);
    await store.appendToStream('r-1', [{ type: 'Set', data: { to: 1 } }, { type: 'Set', data: { to: 2 } }]);
    expect(await states.read(store, 'r-1')).toEqual({ state: { value: 2, locked: false }, revision: 1n });
    await store.appendToStream('r-1', [{ type: 'Set', data: { to: 3 } }]);
    expect(await states.read(store, 'r-1')).toEqual({ state: { value: 3, locked: false }, revision: 2n });
    expect(await states.read(store, 'r-none')).toEqual({ state: { value: 0, locked: false }, revision: 'no_stream' });
  });

  it('never answers a call with a read that started before it: calls during a read share the next one', async () => {
    const { store, counts, hold } = memoryStore();
    const states = new StreamStates(counter);
    await store.appendToStream('r-2', [{ type: 'Set', data: { to: 1 } }]);
    const release = hold();
    const early = states.read(store, 'r-2');
    // Recorded after the first read took its snapshot, before these calls: they must see it.
    await store.appendToStream('r-2', [{ type: 'Set', data: { to: 2 } }]);
    const late = [states.read(store, 'r-2'), states.read(store, 'r-2'), states.read(store, 'r-2')];
    const readsSoFar = counts.reads;
    release();
    expect((await early).state.value).toBe(1);
    expect((await Promise.all(late)).map((folded) => folded.state.value)).toEqual([2, 2, 2]);
    // The three late calls cost one read between them.
    expect(counts.reads - readsSoFar).toBe(1);
  });

  it('keeps at most max states, the least recently used going first', () => {
    const states = new StreamStates(counter, 2);
    states.remember('a', { state: counter.initialState(), revision: 0n });
    states.remember('b', { state: counter.initialState(), revision: 0n });
    states.get('a');
    states.remember('c', { state: counter.initialState(), revision: 0n });
    expect([states.get('a'), states.get('b'), states.get('c')].map(Boolean)).toEqual([true, false, true]);
    // An older state never replaces a newer one.
    states.remember('a', { state: { value: 9, locked: false }, revision: 5n });
    states.remember('a', { state: { value: 1, locked: false }, revision: 2n });
    expect(states.get('a')?.state.value).toBe(9);
  });
});
