import { describe, expect, it } from 'vitest';
import { loadsPath } from './get-loads';

describe('loadsPath (vendor-side.md section 7: GET /loads/, vendor: query user_id)', () => {
  it("a vendor's list carries its user_id", () => {
    expect(loadsPath('f6a0d895-92d9-4556-b76f-d6f86cabb548')).toBe('/loads/?user_id=f6a0d895-92d9-4556-b76f-d6f86cabb548');
  });

  it('staff ask for every load, without user_id', () => {
    expect(loadsPath(null)).toBe('/loads/');
  });

  it('encodes the id', () => {
    expect(loadsPath('a b&c')).toBe('/loads/?user_id=a%20b%26c');
  });
});
