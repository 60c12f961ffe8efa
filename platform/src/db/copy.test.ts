import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/tests/support/database';
import { copyRows, copyValue } from './copy';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase([{ id: 'copy-test', sql: 'CREATE TABLE copied (n bigint, t text, j jsonb, at timestamptz, b boolean)' }]);
});
afterAll(async () => {
  await db.drop();
});

it('writes every value back exactly as given, whatever characters it holds', async () => {
  const awkward = ['plain', 'tab\there', 'line\nbreak', 'carriage\rreturn', 'back\\slash', '\\N', 'ends with \\', 'quote " and \' and ,', 'ünïcödé ✓ 😀', ''];
  const at = new Date('2026-11-22T08:30:00.123Z');
  const rows: unknown[][] = awkward.map((text, i) => [BigInt(i) * 10_000_000_000n, text, { text, list: [1, null, 'x\ty'] }, at, i % 2 === 0]);
  rows.push([null, null, null, null, null]);
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    await copyRows(client, 'copied', ['n', 't', 'j', 'at', 'b'], rows);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  const { rows: stored } = await db.pool.query('SELECT n::text, t, j, at, b FROM copied ORDER BY n NULLS LAST');
  expect(stored).toEqual([
    ...awkward.map((text, i) => ({ n: (BigInt(i) * 10_000_000_000n).toString(), t: text, j: { text, list: [1, null, 'x\ty'] }, at, b: i % 2 === 0 })),
    { n: null, t: null, j: null, at: null, b: null },
  ]);
});

it('rolls back with its transaction and writes nothing for no rows', async () => {
  await db.pool.query('TRUNCATE copied');
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    await copyRows(client, 'copied', ['t'], [['kept only if committed']]);
    await copyRows(client, 'copied', ['t'], []);
    await client.query('ROLLBACK');
  } finally {
    client.release();
  }
  expect((await db.pool.query('SELECT count(*)::int AS n FROM copied')).rows[0].n).toBe(0);
  expect(copyValue('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
});
