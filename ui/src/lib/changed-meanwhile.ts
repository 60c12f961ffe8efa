import { ApiError } from './api-client';

/**
 * Beside a field someone else changed while its form was open (a load section, the vendor profile): what it is now.
 * It does not stop a save: a second Save replaces it with the user's value.
 */
export const fieldChangedMeanwhile = (now: string | boolean | undefined) =>
  `Changed by someone else meanwhile; it is now ${now === true ? 'Yes' : now === false ? 'No' : now ? `"${now}"` : 'empty'}. Save again to replace it with yours.`;

/**
 * The fields a refused save (409) says someone else changed meanwhile, as they are now (`current` of the answer), kept
 * to those `isField` names; null for any other error.
 */
export function currentOfConflict<K extends string>(error: unknown, isField: (name: string) => name is K): Partial<Record<K, unknown>> | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const current = (error.body as { current?: unknown } | null)?.current;
  if (typeof current !== 'object' || current === null) return null;
  return Object.fromEntries(Object.entries(current).filter(([name]) => isField(name))) as Partial<Record<K, unknown>>;
}
