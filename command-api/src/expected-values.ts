import type Koa from 'koa';
import { DIGEST } from '@portal/domain/expected';
import { ValidationFailed } from '@portal/platform/http/errors';

/** The 400 for a malformed X-Expected-Values: `fieldsOf` names the record's fields ('load', 'profile'). */
export const expectedValuesFormat = (fieldsOf: string) => `X-Expected-Values must be a JSON object of ${fieldsOf} fields and the digests of their values.`;

/**
 * Optional X-Expected-Values: what the client saw of the fields it changes (a form's values as it last read them), as
 * a JSON object of each field's value digest (domain/src/expected.ts). Only `fields` may be named; anything else
 * is refused with 400 in the error shape, before anything is recorded. Undefined when the header is absent.
 */
export function expectedValues(ctx: Koa.Context, fields: ReadonlySet<string>, fieldsOf: string): Record<string, string> | undefined {
  const header = ctx.get('X-Expected-Values');
  if (header === '') return undefined;
  const refused = () => new ValidationFailed({ 'X-Expected-Values': [expectedValuesFormat(fieldsOf)] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(header);
  } catch {
    throw refused();
  }
  const fine =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) &&
    Object.entries(parsed).every(([field, digest]) => fields.has(field) && typeof digest === 'string' && DIGEST.test(digest));
  if (!fine) throw refused();
  return parsed as Record<string, string>;
}
