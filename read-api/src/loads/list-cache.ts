import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback, constants as zlib } from 'node:zlib';
import type { ProjectionPosition } from '../projection-position';

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

interface Entry {
  generation: number;
  /** The JSON answer, gzip-compressed once for every reader of this generation. */
  body: Promise<Buffer>;
}

/**
 * The answer of `GET /api/loads/` per scope (the staff, or one vendor), kept until the loads read model changes.
 * The read model changes only through projector batches, and every batch is announced (its changed keys, or "anything
 * may have changed"), so a generation counter bumped on every announcement that may touch a load marks every kept
 * answer stale at once. An answer is kept only if no announcement arrived while it was being read, and readers that
 * ask while one is being read share it. A read-your-writes wait resolves after the announcement of its position has
 * bumped the generation (both happen in the same notification callback), so it never gets an answer from before.
 */
export class LoadListCache {
  private generation = 0;
  private readonly entries = new Map<string, Entry>();

  constructor(projection: ProjectionPosition, private readonly maxEntries = 500) {
    projection.subscribe((notice) => {
      if (notice !== 'reconnected' && notice.changes !== null && !notice.changes.some((change) => change.kind === 'load')) return;
      this.generation++;
      this.entries.clear();
    });
  }

  /** The gzip-compressed answer for `scope`, read with `read` (a JSON text) unless a current one is kept. */
  async get(scope: string, read: () => Promise<string>): Promise<Buffer> {
    const kept = this.entries.get(scope);
    if (kept && kept.generation === this.generation) return kept.body;
    const generation = this.generation;
    // Large lists are compressed for speed (level 1 is a few times faster than the default and about 15% larger).
    const body = read().then((json) => gzip(json, { level: json.length > 1_000_000 ? 1 : zlib.Z_DEFAULT_COMPRESSION }));
    const entry = { generation, body };
    this.entries.set(scope, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    try {
      await body;
    } catch (error) {
      if (this.entries.get(scope) === entry) this.entries.delete(scope);
      throw error;
    }
    // Something changed while it was read: serve it to those who asked meanwhile, keep it for nobody else.
    if (this.generation !== generation && this.entries.get(scope) === entry) this.entries.delete(scope);
    return body;
  }
}

export const gunzipBody = (body: Buffer): Promise<Buffer> => gunzip(body);
