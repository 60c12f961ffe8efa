import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NoticeReader, noticeParts, type Change } from './notices';

const loadChanges = (count: number): Change[] =>
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

describe('NoticeReader (the read API joining a batch announced in parts)', () => {
  it('gives one notice with every part\'s changes once the last part is in, and starts afresh after it', () => {
    const changes = loadChanges(300);
    const reader = new NoticeReader();
    const parts = noticeParts(12n, changes);
    expect(parts.slice(0, -1).map((part) => reader.read(part))).toEqual(parts.slice(0, -1).map(() => 'part'));
    expect(reader.read(parts.at(-1)!)).toEqual({ position: 12n, changes });
    expect(reader.read(noticeParts(13n, changes.slice(0, 2))[0]!)).toEqual({ position: 13n, changes: changes.slice(0, 2) });
  });

  it('drops the parts read before a reset (a lost connection), and reads "anything may have changed"', () => {
    const reader = new NoticeReader();
    const parts = noticeParts(20n, loadChanges(300));
    reader.read(parts[0]!);
    reader.reset();
    const only = reader.read(parts.at(-1)!);
    expect(only !== 'part' && only?.changes?.length).toBeLessThan(300);
    expect(reader.read(noticeParts(21n, null)[0]!)).toEqual({ position: 21n, changes: null });
    expect(reader.read('not json')).toBeUndefined();
  });
});
