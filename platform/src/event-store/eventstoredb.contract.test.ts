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
  const reason = inject('eventStoreSkipReason');
  process.stdout.write(`${reason}\n`);
  it.skip(`event store contract: eventstoredb (${reason})`, () => {});
}
