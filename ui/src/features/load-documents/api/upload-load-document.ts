// POST /api/loads/{id}/documents/ as multipart (file, document_type), over XMLHttpRequest: fetch cannot report
// upload progress. Same rules as api-client: base /api, cookies, CSRF header, ApiError, the answer's event position.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoadDocumentType } from '@portal/domain/loads/fields';
import { ApiError, notePosition, CSRF_COOKIE, readCookie } from '../../../lib/api-client';
import { servedFileUrl } from '../../../lib/served-file-url';
import { type LoadDocument, loadDocumentKeys } from './load-documents-api';

export type UploadedLoadDocument = LoadDocument & { message?: string };

/** How long after an upload the document list is read again (vendor-side.md section 4). */
export const REFETCH_AFTER_UPLOAD_MS = 500;

function parse(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!text) return null;
  if (!(xhr.getResponseHeader('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Resolves with the new document; `onProgress` gets 0..1 as the body goes out. A network failure rejects a TypeError.
 * `key` (Idempotency-Key) names this upload: sent again with the same key, it is recorded once and answered with the
 * document as first uploaded, so retrying an upload whose answer was lost never stores the document twice.
 */
export function uploadLoadDocument(
  loadId: string,
  type: LoadDocumentType,
  file: File,
  onProgress?: (fraction: number) => void,
  key?: string,
): Promise<UploadedLoadDocument> {
  const body = new FormData();
  body.append('document_type', type);
  body.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/loads/${encodeURIComponent(loadId)}/documents/`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const csrfToken = readCookie(CSRF_COOKIE);
    if (csrfToken) xhr.setRequestHeader('X-CSRFToken', csrfToken);
    if (key) xhr.setRequestHeader('Idempotency-Key', key);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      notePosition(xhr.getResponseHeader('X-Event-Position'));
      const payload = parse(xhr);
      if (xhr.status < 200 || xhr.status >= 300) return reject(new ApiError(xhr.status, payload));
      const document = payload as UploadedLoadDocument;
      resolve({ ...document, file_url: servedFileUrl(document.file_url) ?? document.file_url });
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new TypeError('Upload aborted'));
    xhr.send(body);
  });
}

interface UploadVariables {
  file: File;
  /** The same for every try of one chosen file (see uploadLoadDocument). */
  key?: string;
  onProgress?: (fraction: number) => void;
}

/** What every load document upload is known by while it runs (useIsMutating): all of them, or one load's of one type. */
export const UPLOADS_KEY = ['load-document-upload'] as const;
export const uploadMutationKey = (loadId: string, type: LoadDocumentType) => [...UPLOADS_KEY, loadId, type] as const;

/** The new document joins the cached list at once; the list is read again 500 ms later. */
export function useUploadLoadDocument(loadId: string, type: LoadDocumentType) {
  const queryClient = useQueryClient();
  const key = loadDocumentKeys.list(loadId, type);
  return useMutation({
    mutationKey: uploadMutationKey(loadId, type),
    mutationFn: ({ file, key, onProgress }: UploadVariables) => uploadLoadDocument(loadId, type, file, onProgress, key),
    onSuccess: (document) => {
      const { message: _message, ...stored } = document;
      queryClient.setQueryData<LoadDocument[]>(key, (list) => (list && !list.some((item) => item.id === stored.id) ? [...list, stored] : list));
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: key, exact: true }), REFETCH_AFTER_UPLOAD_MS);
    },
  });
}
