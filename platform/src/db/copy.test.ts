import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/tests/support/database';
import { ADD_ROWS_BY_INSERT, addRows, copyRows, copyValue, type TypedColumn } from './copy';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase([{ id: 'copy-test', sql: 'CREATE TABLE copied (n bigint, t text, j jsonb, at timestamptz, b boolean)' }]);
});
afterAll(async () => {
  await db.drop();
});

const COLUMNS: TypedColumn[] = [['n', 'bigint'], ['t', 'text'], ['j', 'jsonb'], ['at', 'timestamptz'], ['b', 'boolean']];
type Writer = (client: import('pg').PoolClient, rows: unknown[][]) => Promise<void>;
/** Each writer, and how many all-null rows it writes (the test's one, and the filler that takes addRows past its threshold). */
const writers: [string, Writer, number][] = [
  ['copyRows', (client, rows) => copyRows(client, 'copied', COLUMNS.map(([name]) => name), rows), 1],
  ['addRows, a few rows (one INSERT of arrays)', (client, rows) => addRows(client, 'copied', COLUMNS, rows), 1],
  ['addRows, many rows (COPY)', (client, rows) => addRows(client, 'copied', COLUMNS, [...rows, ...Array.from({ length: ADD_ROWS_BY_INSERT }, () => [null, null, null, null, null])]), 1 + ADD_ROWS_BY_INSERT],
];

it.each(writers)('%s writes every value back exactly as given, whatever characters it holds', async (_, write, nullRows) => {
  await db.pool.query('TRUNCATE copied');
  const awkward = ['plain', 'tab\there', 'line\nbreak', 'carriage\rreturn', 'back\\slash', '\\N', 'ends with \\', 'quote " and \' and ,', 'ünïcödé ✓ 😀', ''];
  const at = new Date('2026-11-22T08:30:00.123Z');
  const rows: unknown[][] = awkward.map((text, i) => [BigInt(i) * 10_000_000_000n, text, { text, list: [1, null, 'x\ty'] }, at, i % 2 === 0]);
  rows.push([null, null, null, null, null]);
  // A json value that is an array, or a string already holding JSON text.
  rows.push([-1n, 'list', [1, 'two', { three: 3 }], at, false], [-2n, 'json text', '{"kept":"as \\"text\\""}', at, true]);
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    await write(client, rows);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  const { rows: stored } = await db.pool.query('SELECT n::text, t, j, at, b FROM copied WHERE num_nulls(n, t, j, at, b) < 5 ORDER BY copied.n');
  expect(stored).toEqual([
    { n: '-2', t: 'json text', j: { kept: 'as "text"' }, at, b: true },
    { n: '-1', t: 'list', j: [1, 'two', { three: 3 }], at, b: false },
    ...awkward.map((text, i) => ({ n: (BigInt(i) * 10_000_000_000n).toString(), t: text, j: { text, list: [1, null, 'x\ty'] }, at, b: i % 2 === 0 })),
  ]);
  expect((await db.pool.query('SELECT count(*)::int AS n FROM copied WHERE num_nulls(n, t, j, at, b) = 5')).rows[0].n).toBe(nullRows);
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

it('with ignoreDuplicates, leaves out rows whose key is already there (or earlier in the call), however many rows', async () => {
  await db.pool.query('CREATE TABLE IF NOT EXISTS keyed (id int PRIMARY KEY, t text)');
  const keyed: TypedColumn[] = [['id', 'int'], ['t', 'text']];
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    await addRows(client, 'keyed', keyed, [[1, 'first'], [1, 'again in the call']], { ignoreDuplicates: true });
    // More than ADD_ROWS_BY_INSERT rows, which would otherwise go by COPY and fail on the duplicate.
    const many = Array.from({ length: ADD_ROWS_BY_INSERT + 5 }, (_, i) => [i + 1, `many ${i + 1}`]);
    await addRows(client, 'keyed', keyed, many, { ignoreDuplicates: true });
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  const { rows } = await db.pool.query('SELECT count(*)::int AS n, min(t) FILTER (WHERE id = 1) AS one FROM keyed');
  expect(rows[0]).toEqual({ n: ADD_ROWS_BY_INSERT + 5, one: 'first' });
});
