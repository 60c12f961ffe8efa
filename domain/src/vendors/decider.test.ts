import { describe, expect, it } from 'vitest';
import { decide, evolve, initialState, type VendorState } from './decider';
import type { VendorEvent } from './events';

const fold = (events: VendorEvent[]): VendorState => events.reduce(evolve, initialState());

const vendor = fold([
  { type: 'VendorProfileCreated', data: { vendor_id: 'v-1', user_id: 'u-1', username: 'lonestar' } },
  { type: 'VendorProfileEdited', data: { section: 'company', changes: { legal_name: { from: null, to: 'Lone Star LLC' }, website: { from: null, to: 'https://old.example' } } } },
  { type: 'VendorProfileEdited', data: { section: 'contact', changes: { contact_name_2: { from: null, to: 'Old Dispatcher' } } } },
]);

describe('EditProfile with cleared fields', () => {
  it('empties the optional fields named, one event per section, and leaves a required or an empty one as it is', () => {
    const events = decide({ type: 'EditProfile', data: { values: { city: 'Dallas' }, cleared: ['website', 'contact_name_2', 'legal_name', 'fax'] } }, vendor);
    expect(events).toEqual([
      { type: 'VendorProfileEdited', data: { section: 'company', changes: { website: { from: 'https://old.example', to: null }, city: { from: null, to: 'Dallas' } } } },
      { type: 'VendorProfileEdited', data: { section: 'contact', changes: { contact_name_2: { from: 'Old Dispatcher', to: null } } } },
    ]);
    const after = events.reduce(evolve, vendor);
    expect(after.status === 'active' && after.values).toMatchObject({ website: null, contact_name_2: null, legal_name: 'Lone Star LLC', city: 'Dallas' });
  });

  it('counts a clear as setting the field to empty when checking what the client saw', () => {
    // Someone emptied it meanwhile: the same end, no clash.
    const emptied = fold([
      { type: 'VendorProfileCreated', data: { vendor_id: 'v-1', user_id: 'u-1', username: 'lonestar' } },
    ]);
    expect(decide({ type: 'EditProfile', data: { values: {}, cleared: ['website'], expected: { website: 'stale-digest' } } }, emptied)).toEqual([]);
    // Someone changed it meanwhile to something else: refused.
    expect(() => decide({ type: 'EditProfile', data: { values: {}, cleared: ['website'], expected: { website: 'stale-digest' } } }, vendor)).toThrow('changed_meanwhile');
  });
});
