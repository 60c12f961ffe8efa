import fs from 'node:fs/promises';
import type Koa from 'koa';
import type { FileRef } from '@portal/domain/vendors/events';
import type { FileStorage } from '@portal/platform/files/storage';
import { checkUpload, safeFileName } from '@portal/platform/files/upload';
import { HttpError, ValidationFailed } from '@portal/platform/http/errors';

interface FormidableFile {
  filepath: string;
  originalFilename: string | null;
  size: number;
}

/** The one file sent under `field`, or undefined; more than one is refused. */
export function uploadedFile(ctx: Koa.Context, field: string): FormidableFile | undefined {
  const files = (ctx.request as unknown as { files?: Record<string, FormidableFile | FormidableFile[]> }).files;
  const value = files?.[field];
  if (Array.isArray(value)) {
    if (value.length > 1) throw new ValidationFailed({ [field]: ['Send one file at a time.'] });
    return value[0];
  }
  return value;
}

/** Checks size, extension and real content, then stores the file by content. The temp file is always removed. */
export async function storeUpload(
  storage: FileStorage,
  file: FormidableFile,
  field: string,
  allowed: readonly string[],
  now = new Date(),
): Promise<FileRef> {
  try {
    const content = await fs.readFile(file.filepath);
    const name = safeFileName(file.originalFilename ?? 'file');
    const check = await checkUpload(content, name, allowed);
    if (!check.ok) {
      if (check.status === 413) throw new HttpError(413, check.message);
      throw new ValidationFailed({ [field]: [check.message] });
    }
    const sha256 = await storage.put(content);
    return { sha256, name, size: content.length, content_type: check.contentType, uploaded_at: now.toISOString() };
  } finally {
    await fs.rm(file.filepath, { force: true });
  }
}
