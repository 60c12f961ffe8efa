import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback, constants as zlib } from 'node:zlib';
import type pg from 'pg';
import type { Load } from '@portal/domain/loads/decider';
import { loadView } from '@portal/domain/loads/view';
import type { ProjectionPosition } from '../projection-position';

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);
/** While the projector's notices are not heard, how old the kept list may get before a read reads it again. */
const HEARING_LOST_REREAD_MS = 250;

interface Row {
  /** Sort key: created_at as a fixed-width UTC text, newest first in the list. */
  at: string;
  vendorId: string | null;
  /** The load exactly as the API answers it (the projector's stored view), as JSON text. */
  json: string;
}

/** A load's stored state and its vendor's current name, as the loads table holds them. */
export interface LoadRow {
  state: Load;
  vendor_name: string | null;
}

/** The load as the API answers it: its state with the vendor's name as it reads now (newer than the one recorded). */
export const toView = (row: LoadRow) => loadView({ ...row.state, vendorName: row.vendor_name });

interface ViewRow extends LoadRow {
  id: string;
  vendor_id: string | null;
  at: string;
  deleted: boolean;
  json: string | null;
}

const ROW_COLUMNS = `id, vendor_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSUS') AS at, deleted_at IS NOT NULL AS deleted,
  view::text AS json, CASE WHEN view IS NULL THEN state END AS state, vendor_name`;

// Newest first, as `ORDER BY created_at DESC` (ties by id, so the order is stable).
const newestFirst = (a: [string, Row], b: [string, Row]) => (a[1].at === b[1].at ? (a[0] < b[0] ? 1 : -1) : a[1].at < b[1].at ? 1 : -1);

/**
 * The answer of `GET /api/loads/` for every scope (the staff, or one vendor), kept in memory and patched as the loads
 * read model changes. Every projector batch is announced with its changed keys (or "anything may have changed"):
 * the keys are noted, and the next list read re-reads only those rows' stored answers (or everything after a rebuild
 * or a lost connection) before it assembles the list. Assembled, compressed answers are kept per scope until the next
 * announcement that touches a load, which drops them all. Both the noting and the dropping happen in the same
 * notification callback that advances read-your-writes, so a read that waited for its position sees its change.
 */
export class LoadListCache {
  /** Per scope, the JSON answer gzip-compressed once for every reader until the next change. */
  private readonly entries = new Map<string, Promise<Buffer>>();
  private rows: Map<string, Row> | null = null;
  /** Ids newest first; recomputed only when loads join or leave the list (created_at never changes). */
  private ordered: string[] | null = null;
  private dirty = new Set<string>();
  private reloadAll = true;
  private refreshing: Promise<void> = Promise.resolve();
  /**
   * Every load change committed up to this position is in the kept rows or noted as dirty: the last notice heard, or
   * the position known when everything was last read again.
   */
  private applied = -1n;
  /** False while the notices' connection is lost: nothing says what changes, so nothing is kept for long. */
  private hearing = true;
  /** When the last full read of the loads began (Date.now()). */
  private reloadedAt = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly projection: ProjectionPosition,
    private readonly maxEntries = 500,
  ) {
    projection.subscribe((notice) => {
      if (notice === 'reconnected') this.hearing = true;
      else if (notice.position > this.applied) this.applied = notice.position;
      if (notice === 'reconnected' || notice.changes === null) {
        this.reloadAll = true;
      } else {
        const loads = notice.changes.filter((change) => change.kind === 'load');
        if (loads.length === 0) return;
        for (const change of loads) this.dirty.add(change.key);
      }
      // An answer still being assembled is served to those who asked before the change, and kept for nobody else.
      this.entries.clear();
    });
    projection.onLost(() => {
      this.hearing = false;
      this.reloadAll = true;
      this.entries.clear();
      // A crash may take the newest batches with it, to be applied again (they commit asynchronously): what the last
      // notice said is no longer known to be in the read model.
      this.applied = -1n;
    });
  }

  /**
   * The gzip-compressed answer for the staff (`vendorId` null) or for one vendor. `minPosition`: a position the read
   * waited for (read-your-writes). The projector's position can pass it before its notice is heard (the checkpoint is
   * polled while reads wait, and is all there is while the notices' connection is lost): then everything is read
   * again, so the answer holds the caller's own change.
   */
  async get(vendorId: string | null, minPosition?: bigint): Promise<Buffer> {
    const scope = vendorId ?? 'staff';
    // Without notices, what is kept is read again at most every HEARING_LOST_REREAD_MS (readers in between share it).
    const unheard = !this.hearing && Date.now() - this.reloadedAt >= HEARING_LOST_REREAD_MS;
    if (unheard || (minPosition !== undefined && minPosition > this.applied)) {
      this.reloadAll = true;
      this.entries.clear();
    }
    const kept = this.entries.get(scope);
    if (kept) return kept;
    const body = this.assemble(vendorId).then((json) => gzip(json, { level: json.length > 1_000_000 ? 1 : zlib.Z_DEFAULT_COMPRESSION }));
    this.entries.set(scope, body);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    try {
      await body;
    } catch (error) {
      if (this.entries.get(scope) === body) this.entries.delete(scope);
      throw error;
    }
    return body;
  }

  private async assemble(vendorId: string | null): Promise<string> {
    await this.refresh();
    const rows = this.rows!;
    const parts: string[] = [];
    for (const id of this.ordered!) {
      const row = rows.get(id)!;
      if (vendorId === null || row.vendorId === vendorId) parts.push(row.json);
    }
    return `[${parts.join(',')}]`;
  }

  /** Brings the kept rows up to every announcement received before this call (one refresh at a time). */
  private refresh(): Promise<void> {
    const next = this.refreshing.then(() => this.refreshNow());
    this.refreshing = next.catch(() => undefined);
    return next;
  }

  private async refreshNow(): Promise<void> {
    if (this.reloadAll || this.rows === null) {
      // Taken before the read: announcements that arrive during it are read again next time (harmless).
      this.reloadAll = false;
      this.dirty = new Set();
      // Every batch up to the position known now is committed, so the read below sees it.
      const known = this.projection.known();
      this.reloadedAt = Date.now();
      try {
        const { rows } = await this.pool.query<ViewRow>(`SELECT ${ROW_COLUMNS} FROM loads WHERE deleted_at IS NULL`);
        this.rows = new Map(rows.map((row) => [row.id, toRow(row)]));
        this.ordered = null;
        if (known > this.applied) this.applied = known;
      } catch (error) {
        this.reloadAll = true;
        throw error;
      }
    } else if (this.dirty.size > 0) {
      const ids = [...this.dirty];
      this.dirty = new Set();
      try {
        const { rows } = await this.pool.query<ViewRow>(`SELECT ${ROW_COLUMNS} FROM loads WHERE id = ANY($1::uuid[])`, [ids]);
        const found = new Map(rows.map((row) => [row.id, row]));
        for (const id of ids) {
          const row = found.get(id);
          const known = this.rows.has(id);
          if (!row || row.deleted) {
            if (known) this.ordered = null;
            this.rows.delete(id);
          } else {
            if (!known) this.ordered = null;
            this.rows.set(id, toRow(row));
          }
        }
      } catch (error) {
        for (const id of ids) this.dirty.add(id);
        throw error;
      }
    }
    this.ordered ??= [...this.rows!].sort(newestFirst).map(([id]) => id);
  }
}

// Rows projected before views were kept (until the next rebuild) are built here.
const toRow = (row: ViewRow): Row => ({
  at: row.at,
  vendorId: row.vendor_id,
  json: row.json ?? JSON.stringify(toView(row)),
});

export const gunzipBody = (body: Buffer): Promise<Buffer> => gunzip(body);
