// The event store port: one interface, two adapters (postgres, eventstoredb), one contract suite.
// Semantics follow EventStoreDB: 0-based bigint stream revisions, bigint global positions in commit order.

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** Who caused an event and why; stored with every event. */
export interface EventMetadata {
  actorId?: string | null;
  actorUsername?: string | null;
  actorType?: 'VENDOR' | 'STAFF' | 'SYSTEM' | 'OPS' | 'GUEST' | null;
  actorTier?: string | null;
  correlationId?: string | null;
  causationId?: string | null;
  [key: string]: JsonValue | undefined;
}

export interface NewEvent {
  type: string;
  data: JsonObject;
  metadata?: EventMetadata;
  /** Event id (UUID). Generated when absent. */
  id?: string;
}

export interface RecordedEvent {
  id: string;
  streamId: string;
  /** 0-based revision of this event within its stream. */
  revision: bigint;
  /** Global position in $all; strictly increasing in commit (delivery) order. */
  position: bigint;
  type: string;
  data: JsonObject;
  metadata: EventMetadata;
  createdAt: Date;
}

/** 'no_stream': the stream must not exist; 'stream_exists': it must; bigint: its last revision must be exactly this. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

export interface AppendOptions {
  expectedRevision?: ExpectedRevision;
}

export interface AppendResult {
  /** Revision of the last appended event: pass it as expectedRevision for the next append. */
  nextExpectedRevision: bigint;
  /** Global position of the last appended event (for read-your-writes). */
  position: bigint;
}

export interface ReadStreamOptions {
  /** Inclusive start revision; 'start' (default for forwards) or 'end' (default for backwards). */
  fromRevision?: bigint | 'start' | 'end';
  direction?: 'forwards' | 'backwards';
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. 'start' (default) reads from the beginning. */
  after?: bigint | 'start';
  maxCount?: number;
}

export interface SubscribeToAllOptions {
  /** Exclusive checkpoint: deliver events strictly after this position. 'start' delivers everything. */
  after?: bigint | 'start';
}

/** A catch-up subscription: first every stored event after the checkpoint, then live events, in position order. */
export interface AllSubscription extends AsyncIterable<RecordedEvent> {
  unsubscribe(): Promise<void>;
}

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  appendToStream(streamId: string, events: NewEvent[], options?: AppendOptions): Promise<AppendResult>;
  /** Throws StreamNotFound when the stream has no events. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** One page of $all (user events only), in position order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(options?: SubscribeToAllOptions): AllSubscription;
  /** Position of the newest committed event, or -1n when the store is empty. */
  headPosition(): Promise<bigint>;
  close(): Promise<void>;
}

export class WrongExpectedVersion extends Error {
  override readonly name = 'WrongExpectedVersion';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** The stream's actual last revision, or 'no_stream'. */
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Wrong expected version for stream ${streamId}: expected ${String(expected)}, actual ${String(actual)}`);
  }
}

export class StreamNotFound extends Error {
  override readonly name = 'StreamNotFound';
  constructor(readonly streamId: string) {
    super(`Stream not found: ${streamId}`);
  }
}

/**
 * A stream's events, or none when the stream does not exist: StreamNotFound is the only error taken for "no events";
 * a failing read still throws.
 */
export async function readStreamOrNone(store: Pick<EventStore, 'readStream'>, streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
  try {
    return await store.readStream(streamId, options);
  } catch (error) {
    if (error instanceof StreamNotFound) return [];
    throw error;
  }
}
