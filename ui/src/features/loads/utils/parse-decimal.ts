/**
 * A typed decimal ('1,200.50', '$75', '$ 75') as a number; null when empty; undefined when it is not a number. A comma
 * only separates thousands (1,007.50): '1007,50' (a decimal comma) or '1,50' is no number here. Before, every comma was
 * dropped, so '1007,50' was saved as 100750. One dollar sign may lead (after a minus sign, if any), with spaces around
 * it; a space or dollar sign inside the digits makes no number ('10 50' was saved as 1050).
 */
export function parseDecimal(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const cleaned = trimmed.replace(/^(-?)\s*\$\s*/, '$1');
  if (!/^-?(\d+(\.\d*)?|\.\d+|\d{1,3}(,\d{3})+(\.\d*)?)$/.test(cleaned)) return undefined;
  return Number(cleaned.replace(/,/g, ''));
}

export const INVALID_NUMBER = 'A valid number is required.';
export const DECIMAL_COMMA = 'Use a point for decimals (1007.50); a comma only separates thousands (1,007.50).';

/** What a field says of a text parseDecimal refused: a misplaced comma is named, as it is the likely slip. */
export const invalidNumberMessage = (text: string): string => (text.includes(',') ? DECIMAL_COMMA : INVALID_NUMBER);
