// JSON that survives bigint: positions and revisions are written as decimal strings, never as lossy numbers.
export function jsonReplacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

export function stringifyJson(value: unknown, space?: number): string {
  return JSON.stringify(value, jsonReplacer, space);
}

/** Parses a position or revision sent by a client ("123" or 123); returns undefined when it is not a non-negative integer. */
export function parseBigIntParam(raw: unknown): bigint | undefined {
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0) return BigInt(raw);
  if (typeof raw === 'string' && /^\d{1,19}$/.test(raw)) {
    const value = BigInt(raw);
    return value <= 9223372036854775807n ? value : undefined;
  }
  return undefined;
}
