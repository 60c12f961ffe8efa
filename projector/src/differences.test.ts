import { describe, expect, it } from 'vitest';
import { describeDifferences } from './differences';

describe('describeDifferences', () => {
  it('pairs a live row with its replayed one by key and names only the fields that differ, into JSON documents', () => {
    const id = '0b7c6f4e-0000-4000-8000-000000000001';
    const long = 'x'.repeat(500);
    const described = describeDifferences([
      {
        table: 'loads',
        onlyLive: [
          { id, status: 'open', state: { status: 'open', notes: long, documents: [1] }, position: 12n },
          { id: 'only-live', status: 'open' },
        ],
        onlyRebuilt: [
          { id, status: 'cancelled', state: { status: 'cancelled', notes: long, documents: [1, 2] }, position: 12n },
          { id: 'only-replay', status: 'open' },
        ],
      },
      { table: 'payment_history', onlyLive: [{ position: 7n, seq: 0, field: 'amount_paid' }], onlyRebuilt: [] },
    ]);
    expect(described.split('\n')).toEqual([
      'loads: 2 row(s) in the live table differ from or are missing in the replay, 2 the other way round',
      `  id=${id}: differs in`,
      '    status: live "open", replay "cancelled"',
      '    state.status: live "open", replay "cancelled"',
      '    state.documents: live [1], replay [1,2]',
      '  id=only-live: only in the live table',
      '  id=only-replay: only in the replay',
      'payment_history: 1 row(s) in the live table differ from or are missing in the replay, 0 the other way round',
      '  position=7 seq=0: only in the live table',
    ]);
    // A whole 3 kB row is never printed: an unchanged long field is not named at all.
    expect(described).not.toContain(long.slice(0, 200));
  });

  it('gives the whole counts when it shows only some of the rows', () => {
    // The counts were those of the rows shown: 30 rows deleted from the live table read as 20.
    const rows = Array.from({ length: 20 }, (_, i) => ({ position: BigInt(i), seq: 0 }));
    const described = describeDifferences([{ table: 'payment_history', onlyLive: [], onlyRebuilt: rows, liveCount: 0, rebuiltCount: 30 }]).split('\n');
    expect(described.slice(0, 3)).toEqual([
      'payment_history: 0 row(s) in the live table differ from or are missing in the replay, 30 the other way round',
      '  (the first 20 of each side below)',
      '  position=0 seq=0: only in the replay',
    ]);
    expect(described).toHaveLength(22);
  });

  it('cuts a long differing value short', () => {
    const described = describeDifferences([{ table: 'users', onlyLive: [{ id: 'u', bio: 'a'.repeat(300) }], onlyRebuilt: [{ id: 'u', bio: 'b' }] }]);
    expect(described).toContain(`    bio: live "${'a'.repeat(116)}..., replay "b"`);
  });
});
