import { describe, expect, it } from 'vitest';
import { newRequestKey } from './request-key';

describe('newRequestKey', () => {
  it('makes version 4 UUIDs the server takes as Idempotency-Key, a new one each time', () => {
    const keys = Array.from({ length: 200 }, () => newRequestKey());
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
