import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * One value in COPY's text format: NULL as \N; backslash, tab, newline and carriage return escaped; objects (jsonb
 * columns) as JSON; dates as ISO 8601; booleans as t/f.
 */
export function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'bigint') text = String(value);
  else if (typeof value === 'boolean') return value ? 't' : 'f';
  else if (value instanceof Date) return value.toISOString();
  else text = JSON.stringify(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r')) : text;
}

/**
 * Inserts rows with COPY ... FROM STDIN on `client` (inside its transaction): no per-row statement and no JSON
 * document to parse, which makes it several times cheaper for PostgreSQL than INSERT ... SELECT FROM
 * jsonb_populate_recordset for append-only read models. `table` and `columns` are trusted identifiers.
 */
export async function copyRows(client: pg.PoolClient, table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<void> {
  if (rows.length === 0) return;
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  const ROWS_PER_CHUNK = 1_000;
  async function* lines() {
    for (let start = 0; start < rows.length; start += ROWS_PER_CHUNK) {
      let chunk = '';
      for (const row of rows.slice(start, start + ROWS_PER_CHUNK)) chunk += `${row.map(copyValue).join('\t')}\n`;
      yield chunk;
    }
  }
  await pipeline(Readable.from(lines()), stream);
}

/** A column of `addRows`: its name and its PostgreSQL type (both trusted identifiers). */
export type TypedColumn = readonly [name: string, type: string];

/**
 * Up to this many rows, `addRows` sends one prepared INSERT of arrays: a single round trip, planned once per
 * connection, where COPY costs two round trips and a stream pipeline in Node (a live batch writes a handful of rows).
 */
export const ADD_ROWS_BY_INSERT = 100;

const insertStatements = new Map<string, { name: string; text: string }>();

/** Rows per statement of `addRows` with `ignoreDuplicates`, which never uses COPY. */
export const ADD_ROWS_IGNORING_DUPLICATES_CHUNK = 5_000;

/**
 * Adds rows to `table` in the caller's transaction: up to ADD_ROWS_BY_INSERT rows with one prepared
 * `INSERT INTO table (...) SELECT * FROM unnest($1::type[], ...)` (one array per column; each distinct statement is
 * planned once per connection), more with COPY (copyRows). Values as copyRows takes them (objects for json and jsonb
 * columns, Dates, bigints, null).
 *
 * With `ignoreDuplicates`, a row whose key the table (or an earlier row of the same call) already holds is left out
 * (`ON CONFLICT DO NOTHING`), and every row goes by INSERT, in statements of ADD_ROWS_IGNORING_DUPLICATES_CHUNK rows,
 * as COPY cannot skip a row. For tables where a duplicate would only ever be a slip elsewhere: it is not written
 * twice, and it does not stop the caller.
 */
export async function addRows(
  client: pg.PoolClient,
  table: string,
  columns: readonly TypedColumn[],
  rows: readonly (readonly unknown[])[],
  options: { ignoreDuplicates?: boolean } = {},
): Promise<void> {
  if (rows.length === 0) return;
  const { ignoreDuplicates = false } = options;
  if (!ignoreDuplicates && rows.length > ADD_ROWS_BY_INSERT) return copyRows(client, table, columns.map(([name]) => name), rows);
  const text = `INSERT INTO ${table} (${columns.map(([name]) => name).join(', ')}) SELECT * FROM unnest(${columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})${ignoreDuplicates ? ' ON CONFLICT DO NOTHING' : ''}`;
  let statement = insertStatements.get(text);
  if (!statement) {
    statement = { name: `add-rows-${insertStatements.size}-${table}`, text };
    insertStatements.set(text, statement);
  }
  for (let start = 0; start < rows.length; start += ADD_ROWS_IGNORING_DUPLICATES_CHUNK) {
    const chunk = rows.slice(start, start + ADD_ROWS_IGNORING_DUPLICATES_CHUNK);
    await client.query({ ...statement, values: columns.map((_, i) => chunk.map((row) => arrayElement(row[i]))) });
  }
}

/**
 * An element of an array parameter, as COPY would take it: node-postgres writes objects as JSON and Dates with their
 * offset itself, but would write a JS array as a nested PostgreSQL array (here it is a json value).
 */
const arrayElement = (value: unknown) => (value === undefined ? null : Array.isArray(value) ? JSON.stringify(value) : value);
