import type Koa from 'koa';
import { ValidationFailed } from '@portal/platform/http/errors';
import { canonicalId, UUID } from './ids';

export const IDEMPOTENCY_KEY_FORMAT = 'Idempotency-Key must be a UUID.';

/**
 * The request's Idempotency-Key, in lower case (undefined without one): a client's name for one change it means to make
 * once, sent again unchanged when it retries after an answer it never got. Anything but a UUID is refused (400).
 */
export function idempotencyKey(ctx: Koa.Context): string | undefined {
  const key = ctx.get('Idempotency-Key');
  if (key === '') return undefined;
  if (!UUID.test(key)) throw new ValidationFailed({ 'Idempotency-Key': [IDEMPOTENCY_KEY_FORMAT] });
  return canonicalId(key);
}
