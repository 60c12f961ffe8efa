import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { noticeParts } from './runtime';

const loadChanges = (count: number) =>
  Array.from({ length: count }, () => ({ kind: 'load', key: randomUUID(), op: 'upsert', vendors: [randomUUID()] }));

describe('noticeParts (a batch announced to the read API)', () => {
  it('is one payload with the position when the changes fit', () => {
    const changes = loadChanges(3);
    expect(noticeParts(42n, changes).map((part) => JSON.parse(part))).toEqual([{ position: '42', changes }]);
  });

  it('splits a batch too large for one NOTIFY into parts under the limit, the position only on the last', () => {
    const changes = loadChanges(300);
    const parts = noticeParts(9_007_199_254_740_993n, changes);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThan(8_000);
    const parsed = parts.map((part) => JSON.parse(part) as { more?: boolean; position?: string; changes: unknown[] });
    expect(parsed.slice(0, -1).every((part) => part.more === true && part.position === undefined)).toBe(true);
    expect(parsed.at(-1)!.position).toBe('9007199254740993');
    expect(parsed.flatMap((part) => part.changes)).toEqual(changes);
  });

  it('says "anything may have changed" (changes: null) past 16 parts', () => {
    expect(noticeParts(7n, loadChanges(5_000)).map((part) => JSON.parse(part))).toEqual([{ position: '7', changes: null }]);
  });
});
