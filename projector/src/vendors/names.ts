import type pg from 'pg';
import type { ProjectionContext } from '../runtime';

/**
 * Vendors' display names as they read at the current event of a batch: read from the read model once per batch,
 * then kept current by the vendors projection as it folds each vendor event. The loads projection stamps loads with
 * them; renames are collected so the loads projection can rename the vendor's other loads when it writes.
 */
export class VendorNames {
  private readonly names = new Map<string, string | null>();
  private readonly renames = new Map<string, string>();

  /** Reads the names of the given vendors that this batch does not know yet. */
  async load(tx: pg.PoolClient, ids: Iterable<string>): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.names.has(id));
    if (missing.length === 0) return;
    const { rows } = await tx.query<{ id: string; vendor_name: string | null }>(
      'SELECT id, vendor_name FROM vendor_profiles WHERE id = ANY($1::uuid[])',
      [missing],
    );
    for (const row of rows) this.names.set(row.id, row.vendor_name);
  }

  known(id: string): boolean {
    return this.names.has(id);
  }

  set(id: string, name: string | null): void {
    this.names.set(id, name);
  }

  rename(id: string, name: string): void {
    this.names.set(id, name);
    this.renames.set(id, name);
  }

  current(id: string): string | null | undefined {
    return this.names.get(id);
  }

  renamed(): IterableIterator<[string, string]> {
    return this.renames.entries();
  }

  /** Gives the next transaction of a replay every name known here (its loads are renamed by this one's flush). */
  carryTo(next: VendorNames): void {
    for (const [id, name] of this.names) next.names.set(id, name);
  }
}

export const vendorNames = (context: ProjectionContext) => context.local('vendor-names', () => new VendorNames());
