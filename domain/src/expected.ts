// What a client saw of a record's fields (a load's, a vendor profile's), sent with a change (X-Expected-Values) as a
// short digest of each value rather than the value: a note can be 2,000 characters, which URI-encoded outgrew a
// request header (8 kB behind nginx). The digest is the same in the browser and on the server (no Web Crypto:
// plain-http origins have none), and a date is digested as its instant, so two spellings of one time agree. It
// detects a change; it is not a secret or a signature.

/** A field's value as a digest takes it. */
export type DigestedValue = string | number | boolean | null;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T/;

function canonical(value: DigestedValue | undefined): string {
  if (typeof value === 'string' && ISO_DATE_TIME.test(value)) {
    const time = Date.parse(value);
    if (!Number.isNaN(time)) return JSON.stringify(new Date(time).toISOString());
  }
  return JSON.stringify(value ?? null);
}

/** 16 hex digits: two 32-bit FNV-1a hashes (different offsets) of the value's canonical JSON. */
export function valueDigest(value: DigestedValue | undefined): string {
  const text = canonical(value);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    a = Math.imul(a ^ unit, 0x01000193) >>> 0;
    b = Math.imul(b ^ unit, 0x01000193) >>> 0;
    b = (b ^ (b >>> 13)) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

export const DIGEST = /^[0-9a-f]{16}$/;
