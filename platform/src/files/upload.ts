import { fileTypeFromBuffer } from 'file-type';
import { extensionOfName, unsupportedFileType } from '@portal/domain/files';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const FILE_TOO_LARGE = `File is too large. Maximum size is ${MAX_UPLOAD_BYTES / 1024 / 1024}MB.`;

/** What each extension must really contain (magic bytes), and the Content-Type the server will serve it with. */
const KINDS: Record<string, { detected: string[]; contentType: string }> = {
  pdf: { detected: ['pdf'], contentType: 'application/pdf' },
  png: { detected: ['png'], contentType: 'image/png' },
  jpg: { detected: ['jpg'], contentType: 'image/jpeg' },
  jpeg: { detected: ['jpg'], contentType: 'image/jpeg' },
  gif: { detected: ['gif'], contentType: 'image/gif' },
  // Word 97-2003 files are OLE2 compound files; .docx is a zip that file-type recognises as docx.
  doc: { detected: ['cfb'], contentType: 'application/msword' },
  docx: { detected: ['docx'], contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
};

export type UploadCheck =
  | { ok: true; extension: string; contentType: string }
  | { ok: false; status: 400 | 413; message: string };

/** Size, extension and real content, checked on the server whatever the browser claimed. */
export async function checkUpload(content: Buffer, fileName: string, allowed: readonly string[]): Promise<UploadCheck> {
  if (content.length > MAX_UPLOAD_BYTES) return { ok: false, status: 413, message: FILE_TOO_LARGE };
  const extension = extensionOfName(fileName);
  const kind = KINDS[extension];
  if (!kind || !allowed.includes(extension)) {
    return { ok: false, status: 400, message: unsupportedFileType(allowed) };
  }
  if (content.length === 0) return { ok: false, status: 400, message: 'The file is empty.' };
  const detected = await fileTypeFromBuffer(content);
  if (!detected || !kind.detected.includes(detected.ext)) {
    return { ok: false, status: 400, message: `The file's content is not a valid ${extension} file.` };
  }
  return { ok: true, extension, contentType: kind.contentType };
}

/**
 * Marks that change how the text around them is shown and are not seen themselves: bidirectional embeddings,
 * overrides and isolates, and the directional and byte-order marks. In a file name they make 'invoice\u202Efdp.exe'
 * read as 'invoiceexe.pdf' (every text field refuses them; a file name keeps the rest of its text without them).
 */
const DIRECTION_MARKS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** A file name safe to store and to put in a Content-Disposition header: no paths, controls, direction marks or quotes. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.normalize('NFC').replace(/[\u0000-\u001f\u007f"]/g, '').replace(DIRECTION_MARKS, '').replace(/\s+/g, ' ').trim();
  if (cleaned.length <= 150) return cleaned || 'file';
  const extension = extensionOfName(cleaned);
  return cleaned.slice(0, 140 - extension.length) + (extension ? `.${extension}` : '');
}

/** Content-Disposition with an ASCII fallback and the exact UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
