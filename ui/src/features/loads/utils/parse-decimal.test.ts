import { describe, expect, it } from 'vitest';
import { DECIMAL_COMMA, INVALID_NUMBER, invalidNumberMessage, parseDecimal } from './parse-decimal';

describe('parseDecimal', () => {
  it('reads plain decimals, thousands commas, dollar signs and spaces', () => {
    expect(parseDecimal('1007.50')).toBe(1007.5);
    expect(parseDecimal(' $1,007.50 ')).toBe(1007.5);
    expect(parseDecimal('1,234,567')).toBe(1234567);
    expect(parseDecimal('.5')).toBe(0.5);
    expect(parseDecimal('-12')).toBe(-12);
    expect(parseDecimal('  ')).toBeNull();
    expect(parseDecimal('$ 75')).toBe(75);
    expect(parseDecimal('-$5')).toBe(-5);
  });

  it('refuses spaces and dollar signs inside the number, instead of dropping them (10 50 was saved as 1050)', () => {
    for (const text of ['10 50', '1 2 3.4 5', '$1$0', '10$', '1,000 .50', '$', '$$5']) expect(parseDecimal(text), text).toBeUndefined();
    expect(invalidNumberMessage('10 50')).toBe(INVALID_NUMBER);
  });

  it('refuses a comma that does not separate thousands, instead of dropping it (1007,50 was saved as 100750)', () => {
    for (const text of ['1007,50', '1,50', '1500,5', '12,34,567', '1,2345', ',5', '1,000,00']) expect(parseDecimal(text), text).toBeUndefined();
    expect(invalidNumberMessage('1007,50')).toBe(DECIMAL_COMMA);
    expect(invalidNumberMessage('12abc')).toBe(INVALID_NUMBER);
  });
});
