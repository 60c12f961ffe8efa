import type { EventStore } from '@portal/platform/event-store/port';

/**
 * The event store, telling `appended` about every append made through it once that append has settled (stored or
 * refused): how this command side learns at once that something it keeps, such as a vendor's name, has changed.
 */
export function observeAppends(store: EventStore, appended: (streamId: string) => void): EventStore {
  return {
    kind: store.kind,
    async appendToStream(streamId, events, options) {
      try {
        return await store.appendToStream(streamId, events, options);
      } finally {
        appended(streamId);
      }
    },
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (options) => store.readAll(options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}
