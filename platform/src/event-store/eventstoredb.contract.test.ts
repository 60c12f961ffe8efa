// The shared contract against a real EventStoreDB: EVENTSTORE_URL, or a container when a runtime answers.
import { inject, it } from 'vitest';
import { describeEventStoreContract } from './contract';
import { createEventStoreDbEventStore } from './eventstoredb';

const url = inject('eventStoreUrl');

if (url) {
  describeEventStoreContract('eventstoredb', async () => {
    const store = createEventStoreDbEventStore({ connectionString: url });
    return { store, cleanup: () => store.close() };
  });
} else {
  // Skipped only when no EventStoreDB can be reached: EVENTSTORE_URL unset and no container runtime for
  // testcontainers. The reason is printed and named in the skipped test's title; the suite runs wherever one exists.
  const reason = inject('eventStoreSkipReason');
  process.stdout.write(`${reason}\n`);
  it.skip(`event store contract: eventstoredb (${reason})`, () => {});
}
