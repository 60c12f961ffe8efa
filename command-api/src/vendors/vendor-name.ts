import { userStream } from '@portal/domain/accounts/events';
import * as vendor from '@portal/domain/vendors/decider';
import { vendorDisplayName, type VendorState } from '@portal/domain/vendors/decider';
import { vendorStream } from '@portal/domain/vendors/events';
import type { EventStore } from '@portal/platform/event-store/port';
import { keptAccounts } from '../accounts/actor';
import { StreamStates } from '../stream-states';

/** A vendor as a load records it: its id and display name; undefined when no such vendor. */
export type VendorForLoad = { id: string; name: string } | undefined;

const VENDOR_STREAM_PREFIX = vendorStream('');

const named = (state: VendorState): VendorForLoad => (state.status === 'active' ? { id: state.vendorId, name: vendorDisplayName(state) } : undefined);

/**
 * Vendors as loads name them. `current` is for decisions, such as whether a vendor may be assigned: the vendor as its
 * streams are now (only the events past the state kept from last time are read), and only one the vendor picker
 * offers (GET /api/vendors/picker/): not deleted, with a vendor account that was activated and is not deleted.
 * `forAnswer` is for the name a command's answer shows, of any vendor a load names: a name read within the last
 * `maxAgeMs` does, unless this process has appended to that vendor's stream since (`changed`, called for every append
 * of this command side). So a rename made through this command API shows in the very next answer, and one made
 * elsewhere within `maxAgeMs`, while the load's own recorded name is what the read side shows until the projector has
 * caught up anyway.
 */
export class VendorNames {
  private readonly states = new StreamStates(vendor, 2_000);
  /** When each vendor's name was last read, and the generation of the vendor it was read at. */
  private readonly checked = new Map<string, { at: number; generation: number }>();
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly store: EventStore,
    private readonly maxAgeMs = 1_000,
  ) {}

  async current(vendorId: string): Promise<VendorForLoad> {
    const state = await this.read(vendorId);
    if (state.status !== 'active' || state.deleted) return undefined;
    // The same kept accounts as the callers' own (actor.ts): one cache, one fold.
    const { state: owner } = await keptAccounts(this.store).read(this.store, userStream(state.userId));
    if (owner.status !== 'registered' || owner.kind !== 'VENDOR' || !owner.activated || owner.deleted) return undefined;
    return named(state);
  }

  async forAnswer(vendorId: string): Promise<VendorForLoad> {
    const stream = vendorStream(vendorId);
    const checked = this.checked.get(stream);
    const kept = this.states.get(stream);
    if (kept && checked && checked.generation === (this.generations.get(stream) ?? 0) && performance.now() - checked.at < this.maxAgeMs) {
      return named(kept.state);
    }
    return named(await this.read(vendorId));
  }

  /** A stream was appended to (or an append to it failed) in this process. */
  changed(streamId: string): void {
    if (!streamId.startsWith(VENDOR_STREAM_PREFIX)) return;
    this.generations.set(streamId, (this.generations.get(streamId) ?? 0) + 1);
    this.checked.delete(streamId);
  }

  /** The vendor's stream as it is now. */
  private async read(vendorId: string): Promise<VendorState> {
    const stream = vendorStream(vendorId);
    const generation = this.generations.get(stream) ?? 0;
    const at = performance.now();
    const { state } = await this.states.read(this.store, stream);
    // Only a read that no append of this process can have overtaken counts as fresh.
    if ((this.generations.get(stream) ?? 0) === generation) {
      this.checked.delete(stream);
      this.checked.set(stream, { at, generation });
      if (this.checked.size > this.states.max) this.checked.delete(this.checked.keys().next().value!);
    }
    return state;
  }
}
