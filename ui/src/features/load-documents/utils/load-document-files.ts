// Which files a load document may be (vendor-side.md sections 5 and 9): the types the server accepts for the
// document type, and at most 5 MB. The server checks type and content again.
import { extensionOfName } from '@portal/domain/files';
import { LOAD_DOCUMENT_EXTENSIONS, PHOTO_EXTENSIONS, type LoadDocumentType } from '@portal/domain/loads/fields';
import { LOAD_DOCUMENT_MESSAGES, fileTooLarge } from './load-document-messages';

export const MAX_LOAD_DOCUMENT_MB = 5;
export const MAX_LOAD_DOCUMENT_BYTES = MAX_LOAD_DOCUMENT_MB * 1024 * 1024;

/** Photos must be images; every other type takes documents and images. */
export const allowedExtensions = (type: LoadDocumentType): readonly string[] => (type === 'photos' ? PHOTO_EXTENSIONS : LOAD_DOCUMENT_EXTENSIONS);

/** The file picker's accept attribute: '.jpg,.jpeg,.png,.gif' for photos. */
export const acceptAttribute = (type: LoadDocumentType): string => allowedExtensions(type).map((extension) => `.${extension}`).join(',');

/** The lower-case extension of a file name ('' when it has none), of the name trimmed, as the server checks it. */
export const extensionOf = (name: string): string => extensionOfName(name.trim());

export const isAllowedFile = (name: string, type: LoadDocumentType): boolean => allowedExtensions(type).includes(extensionOf(name));

/** The error for a chosen file, or null when it may be sent. Too large first: that one also clears the selection. */
export function chosenFileError(file: { name: string; size: number }, type: LoadDocumentType, maxBytes = MAX_LOAD_DOCUMENT_BYTES): string | null {
  if (file.size > maxBytes) return fileTooLarge(Math.round(maxBytes / (1024 * 1024)));
  if (!isAllowedFile(file.name, type)) return LOAD_DOCUMENT_MESSAGES.unsupportedType(allowedExtensions(type));
  return null;
}

/** A camera capture's file name: 'photo-20260314-153005.jpg' (local time). */
export function capturedPhotoName(at: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  const date = `${at.getFullYear()}${two(at.getMonth() + 1)}${two(at.getDate())}`;
  const time = `${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}`;
  return `photo-${date}-${time}.jpg`;
}
