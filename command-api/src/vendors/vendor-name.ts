import * as vendor from '@portal/domain/vendors/decider';
import { vendorDisplayName } from '@portal/domain/vendors/decider';
import { vendorStream } from '@portal/domain/vendors/events';
import type { EventStore } from '@portal/platform/event-store/port';
import { load } from '../accounts/aggregates';

/** A vendor as a load records it: its id and display name at this moment; undefined when no such vendor. */
export async function vendorForLoad(store: EventStore, vendorId: string): Promise<{ id: string; name: string } | undefined> {
  const state = await load(store, vendorStream(vendorId), vendor);
  return state.status === 'active' ? { id: state.vendorId, name: vendorDisplayName(state) } : undefined;
}
