// The camera capture option (vendor-side.md section 2): offered only where the browser has a camera API, and it
// saves what it takes as a JPEG at quality 0.9.

export const CAPTURE_TYPE = 'image/jpeg';
export const CAPTURE_QUALITY = 0.9;

/** Whether `getUserMedia` exists (it does not on plain http other than localhost, nor in older browsers). */
export function hasCameraApi(nav: unknown = typeof navigator === 'undefined' ? undefined : navigator): boolean {
  const devices = (nav as { mediaDevices?: { getUserMedia?: unknown } } | undefined)?.mediaDevices;
  return typeof devices?.getUserMedia === 'function';
}

/** The words for a camera that would not start. */
export function cameraErrorText(error: unknown): string {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'Camera access was denied.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found.';
  if (name === 'NotReadableError') return 'The camera is in use by another application.';
  return 'The camera could not be started.';
}
