import { READ_MODEL_TABLES } from './schema';
import type { Difference } from './rebuild';

/** Each read-model table's primary key: how `describeDifferences` pairs a live row with its replayed one. */
const TABLE_KEYS: Record<(typeof READ_MODEL_TABLES)[number], string[]> = {
  projector_checkpoints: ['name'],
  pipeline_probes: ['probe_id'],
  users: ['id'],
  staff_profiles: ['user_id'],
  vendor_profiles: ['id'],
  vendor_files: ['vendor_id', 'sha256', 'name'],
  loads: ['id'],
  load_documents: ['id'],
  payment_history: ['position', 'seq'],
};

/** The longest value shown for one side of a differing field. */
const MAX_VALUE = 120;

/** A value as JSON (bigints as their digits); `(absent)` for a field one side does not have. */
const serial = (value: unknown): string =>
  value === undefined ? '(absent)' : JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));

const text = (value: unknown): string => {
  const shown = serial(value);
  return shown.length > MAX_VALUE ? `${shown.slice(0, MAX_VALUE - 3)}...` : shown;
};

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && !Buffer.isBuffer(value);

/** The fields in which two values differ, by dotted path (into objects, such as a load's state), each with both sides. */
function changedFields(live: unknown, replay: unknown, path: string, out: string[]): void {
  if (serial(live) === serial(replay)) return;
  if (isObject(live) && isObject(replay)) {
    for (const key of new Set([...Object.keys(live), ...Object.keys(replay)])) changedFields(live[key], replay[key], path ? `${path}.${key}` : key, out);
    return;
  }
  out.push(`${path}: live ${text(live)}, replay ${text(replay)}`);
}

/**
 * What `verify` found, for a person: per table, each row that differs by its key and the fields that differ (into
 * its JSON documents), then the rows only one side has, by key. Whole rows (a load's is about 3 kB) are not printed.
 */
export function describeDifferences(differences: Difference[]): string {
  const lines: string[] = [];
  for (const { table, onlyLive, onlyRebuilt, liveCount = onlyLive.length, rebuiltCount = onlyRebuilt.length } of differences) {
    const keys = TABLE_KEYS[table as keyof typeof TABLE_KEYS] ?? [];
    const keyOf = (row: Record<string, unknown>) => (keys.length > 0 ? keys.map((k) => `${k}=${serial(row[k]).replace(/^"|"$/g, '')}`).join(' ') : text(row));
    const replayed = new Map(onlyRebuilt.map((row) => [keyOf(row), row]));
    lines.push(`${table}: ${liveCount} row(s) in the live table differ from or are missing in the replay, ${rebuiltCount} the other way round`);
    if (liveCount > onlyLive.length || rebuiltCount > onlyRebuilt.length) {
      lines.push(`  (the first ${Math.max(onlyLive.length, onlyRebuilt.length)} of each side below)`);
    }
    for (const row of onlyLive) {
      const key = keyOf(row);
      const other = replayed.get(key);
      if (!other) {
        lines.push(`  ${key}: only in the live table`);
        continue;
      }
      replayed.delete(key);
      const fields: string[] = [];
      changedFields(row, other, '', fields);
      lines.push(`  ${key}: differs in`, ...fields.map((field) => `    ${field}`));
    }
    for (const key of replayed.keys()) lines.push(`  ${key}: only in the replay`);
  }
  return lines.join('\n');
}
