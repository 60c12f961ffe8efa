import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Files stored by content under DATA_DIR/files/ab/abcdef... (sha256). The path is built from a validated hash only,
 * never from anything a client sends, so no request can reach a file outside this folder.
 */
export class FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error('not a sha256');
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  async put(content: Buffer): Promise<string> {
    const sha256 = createHash('sha256').update(content).digest('hex');
    const target = this.pathOf(sha256);
    if (!fs.existsSync(target)) {
      await fsp.mkdir(path.dirname(target), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await fsp.writeFile(temp, content, { mode: 0o600 });
      await fsp.rename(temp, target);
    }
    return sha256;
  }

  exists(sha256: string): boolean {
    return SHA256.test(sha256) && fs.existsSync(this.pathOf(sha256));
  }

  open(sha256: string): fs.ReadStream {
    return fs.createReadStream(this.pathOf(sha256));
  }
}
