/** A typed decimal ('1,200.50', '$75') as a number; null when empty; undefined when it is not a number. */
export function parseDecimal(text: string): number | null | undefined {
  const cleaned = text.trim().replace(/[\s,$]/g, '');
  if (cleaned === '') return null;
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(cleaned) ? Number(cleaned) : undefined;
}

export const INVALID_NUMBER = 'A valid number is required.';
