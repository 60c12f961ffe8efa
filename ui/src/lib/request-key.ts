// A random key (a version 4 UUID) that names one request the user means to make once, sent again unchanged when it is
// retried, so the server records it once (Idempotency-Key). crypto.randomUUID exists only on secure origins (https or
// localhost); getRandomValues exists everywhere, a deployment over plain http on a LAN address included.
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
