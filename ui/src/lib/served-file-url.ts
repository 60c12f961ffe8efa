// File address rewriting (vendor-side.md section 7): stored files are served by the API under /api/serve-file/.
const SERVE_FILE_PREFIX = '/api/serve-file/';
const DEFAULT_FOLDER = 'vendor-documents';

function encodeName(name: string): string {
  try {
    return encodeURIComponent(decodeURIComponent(name));
  } catch {
    return encodeURIComponent(name);
  }
}

/**
 * /media/{folder}/{path} -> /api/serve-file/{folder}/{path}; a bare file name -> /api/serve-file/vendor-documents/{name};
 * absolute addresses, addresses already on the serve-file path and anything else stay as they are. Empty -> null.
 */
export function servedFileUrl(address: string | null | undefined): string | null {
  const value = address?.trim();
  if (!value) return null;
  // http:, https:, data:, blob:, and protocol-relative //host/...
  if (/^[a-z][a-z\d+.-]*:/i.test(value) || value.startsWith('//')) return value;
  if (value.startsWith(SERVE_FILE_PREFIX)) return value;
  const media = /^\/?media\/(.+)$/.exec(value);
  if (media) return `${SERVE_FILE_PREFIX}${media[1]}`;
  if (!value.includes('/')) return `${SERVE_FILE_PREFIX}${DEFAULT_FOLDER}/${encodeName(value)}`;
  return value;
}

/** The last path segment of an address, decoded: the name to show when only a URL is known. */
export function fileNameOfUrl(address: string): string {
  const path = address.split(/[?#]/)[0] ?? '';
  const last = path.split('/').filter(Boolean).at(-1) ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
