// What the projector announces on READ_MODEL_CHANNEL after each committed batch, and how a listener reads it back:
// the one place that knows the payload format.

export const READ_MODEL_CHANNEL = 'read_model_changes';

/** A read-model key that a batch changed; the read API pushes these rows to Socket.IO rooms. */
export interface Change {
  kind: string;
  key: string;
  op: 'upsert' | 'remove';
  /** Vendors whose view this change concerns (a load's vendor before and after), for routing pushes. */
  vendors?: string[];
}

/**
 * A vendor or an account was deleted (`upsert`: into the recycle bin) or restored (`remove`: out of it); key
 * `vendor:<id>` or `user:<id>`. Loads are left out: their deletions and restores are load changes, pushed as such.
 */
export const RECYCLE_BIN_CHANGE = 'recycle-bin';

/**
 * The payments log changed: payment facts were added, or a load was deleted or restored (an ADMIN's log marks a
 * deleted load's rows). One per batch (key PAYMENTS_LOG_KEY), so an open log reads itself again only then, not at every
 * load change.
 */
export const PAYMENTS_CHANGE = 'payments';
export const PAYMENTS_LOG_KEY = 'log';

export interface ChangeNotice {
  position: bigint;
  /** null: too many to list; anything may have changed. */
  changes: Change[] | null;
}

// NOTIFY payloads are limited to 8000 bytes: a batch's changes are announced in as many parts as they need, up to
// MAX_NOTICE_PARTS; past that readers are told that anything may have changed (changes: null).
const MAX_NOTIFY_BYTES = 7_800;
const MAX_NOTICE_PARTS = 16;
const PART_PREFIX = '{"more":true,"changes":[';

/**
 * The NOTIFY payloads announcing a batch committed at `position`: `{"position", "changes"}` when they fit in one, else
 * parts `{"more": true, "changes"}` followed by a last part with the position, which `NoticeReader` joins into one
 * notice (all parts of a transaction are delivered together, in order, at commit). `changes` null: anything may
 * have changed.
 */
export function noticeParts(position: bigint, changes: readonly Change[] | null): string[] {
  const last = (list: readonly Change[] | null) => JSON.stringify({ position: position.toString(), changes: list });
  const whole = last(changes);
  if (changes === null || Buffer.byteLength(whole) <= MAX_NOTIFY_BYTES) return [whole];
  const parts: string[] = [];
  let part: string[] = [];
  let bytes = 0;
  // The larger of the two envelopes (the last part's, with the position), so every part fits.
  const envelope = Buffer.byteLength(last([]));
  for (const change of changes) {
    const text = JSON.stringify(change);
    const size = Buffer.byteLength(text) + 1;
    if (bytes + size + envelope > MAX_NOTIFY_BYTES && part.length > 0) {
      parts.push(`${PART_PREFIX}${part.join(',')}]}`);
      part = [];
      bytes = 0;
    }
    part.push(text);
    bytes += size;
  }
  parts.push(`{"position":"${position}","changes":[${part.join(',')}]}`);
  return parts.length <= MAX_NOTICE_PARTS ? parts : [last(null)];
}

/** Reads notices as they arrive on one connection, joining a batch's parts into one notice. */
export class NoticeReader {
  private earlier: Change[] = [];

  /** The notice a payload completes; 'part' for a part before a batch's last; undefined for anything unreadable. */
  read(payload: string): ChangeNotice | 'part' | undefined {
    try {
      const parsed = JSON.parse(payload) as { more?: unknown; position?: unknown; changes?: unknown };
      if (parsed.more === true && Array.isArray(parsed.changes)) {
        this.earlier.push(...(parsed.changes as Change[]));
        return 'part';
      }
      const earlier = this.reset();
      if (typeof parsed.position !== 'string' || !/^\d+$/.test(parsed.position)) return undefined;
      const changes = Array.isArray(parsed.changes) ? (parsed.changes as Change[]) : null;
      return { position: BigInt(parsed.position), changes: changes && (earlier.length > 0 ? [...earlier, ...changes] : changes) };
    } catch {
      this.reset();
      return undefined;
    }
  }

  /** Forgets a batch's parts read so far (the connection was lost: the rest will not come). */
  reset(): Change[] {
    const earlier = this.earlier;
    this.earlier = [];
    return earlier;
  }
}
