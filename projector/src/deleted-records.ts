// The deleted records the read models hold, for the recycle bin (read API, an ADMIN) and the ops CLI (`deleted`,
// and `restore` by a record's number or username rather than its id).
import type pg from 'pg';
import { normalizeLoadNumber } from '@portal/domain/loads/fields';

export type DeletedKind = 'loads' | 'vendors' | 'staff';

export interface DeletedRecord {
  id: string;
  /** The load's kdt_id, or the vendor's or staff member's username. */
  key: string;
  name: string | null;
  deleted_at: Date;
  deleted_by: string | null;
}

const QUERIES: Record<DeletedKind, string> = {
  loads: 'SELECT id, kdt_id, vendor_name, deleted_at, deleted_by FROM loads WHERE deleted_at IS NOT NULL ORDER BY deleted_at DESC',
  // A vendor whose account is closed counts as deleted too: a deletion (account first, then the vendor) or a restore
  // (the vendor first, then the account) that stopped half way is listed here, to be restored (or deleted again).
  vendors: `SELECT v.id, v.vendor_name AS name, v.username, coalesce(v.deleted_at, u.deleted_at) AS deleted_at,
              coalesce(v.deleted_by, u.deleted_by) AS deleted_by
            FROM vendor_profiles v LEFT JOIN users u ON u.id = v.user_id
            WHERE v.deleted_at IS NOT NULL OR u.deleted_at IS NOT NULL ORDER BY 4 DESC`,
  staff: `SELECT id, username, trim(first_name || ' ' || last_name) AS name, deleted_at, deleted_by FROM users
          WHERE kind = 'STAFF' AND deleted_at IS NOT NULL ORDER BY deleted_at DESC`,
};

/** The rows of one kind the recycle bin lists, newest deletion first, as the read models hold them. */
export async function deletedRows(pool: pg.Pool, kind: DeletedKind): Promise<Record<string, any>[]> {
  return (await pool.query(QUERIES[kind])).rows;
}

/** The same, with each record's key (kdt_id or username) and name side by side. */
export async function deletedRecords(pool: pg.Pool, kind: DeletedKind): Promise<DeletedRecord[]> {
  return (await deletedRows(pool, kind)).map((row) => ({
    id: row.id,
    key: kind === 'loads' ? row.kdt_id : row.username,
    name: kind === 'loads' ? row.vendor_name : row.name || null,
    deleted_at: row.deleted_at,
    deleted_by: row.deleted_by,
  }));
}

/**
 * The ids of the records of `kind` whose key is `key`, deleted or not: a load by its kdt_id or its number without the
 * prefix, a vendor or a staff member by username (case-insensitive, as they are unique).
 */
export async function recordIdsByKey(pool: pg.Pool, kind: DeletedKind, key: string): Promise<string[]> {
  const wanted = key.trim().toLowerCase();
  const { rows } =
    kind === 'loads'
      ? // As a load number is typed anywhere: with or without its kdt_ prefix (normalizeLoadNumber).
        await pool.query<{ id: string }>('SELECT id FROM loads WHERE lower(kdt_id) = $1', [normalizeLoadNumber(wanted)])
      : kind === 'vendors'
        ? await pool.query<{ id: string }>('SELECT id FROM vendor_profiles WHERE lower(username) = $1', [wanted])
        : await pool.query<{ id: string }>(`SELECT id FROM users WHERE kind = 'STAFF' AND lower(username) = $1`, [wanted]);
  return rows.map((row) => row.id);
}
