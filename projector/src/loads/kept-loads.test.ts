import { describe, expect, it } from 'vitest';
import type { Load } from '@portal/domain/loads/decider';
import { KeptLoads, type LoadRow } from './projection';

const row = (id: string, status = 'open'): LoadRow => ({
  state: { id, status } as unknown as Load, deletedAt: null, deletedBy: null, updatedAt: null, position: null, dirty: true, stored: true,
});

describe('KeptLoads', () => {
  it('keeps each load as last written, and lets the least recently written go past its capacity', () => {
    const kept = new KeptLoads(2);
    const keep = (r: LoadRow) => kept.keep(r, JSON.stringify(r.state));
    keep(row('a'));
    keep(row('b'));
    keep(row('a', 'delivered'));
    keep(row('c'));
    expect(kept.size).toBe(2);
    expect(kept.get('b')).toBeUndefined();
    expect(kept.get('a')?.state.status).toBe('delivered');
    expect(kept.get('c')).toEqual({ ...row('c'), dirty: false, stored: true });
  });
});
