// What "This password is too common." refuses: a listed common password, a character or short pattern repeated, or a
// straight run of the alphabet, the digits or a keyboard row, forwards or backwards. One or two digits or symbols
// tacked on at the end (`abcdefg1`, `sunshine!`) do not make such a password any better, so they are ignored.
import { COMMON_PASSWORDS } from './common-passwords';

/** Runs people type: the alphabet, the digit row (0 after 9 as on a keyboard), its shifted symbols, and keyboard rows (QWERTY read on across rows, QWERTZ, AZERTY). */
const RUNS = [
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890',
  '!@#$%^&*()',
  'qwertyuiopasdfghjklzxcvbnm',
  'qwertzuiop', 'yxcvbnm',
  'azertyuiop', 'qsdfghjklm', 'wxcvbn',
];
const RUNS_BOTH_WAYS = RUNS.flatMap((run) => [run, [...run].reverse().join('')]);

/** A pattern shorter than this, repeated, is refused outright; a longer one is judged as if typed once. */
const SHORT_PATTERN = 8;
/** A part of a password counts as a run or a repeat only from this length (`ab`, `11` are everywhere). */
const MIN_PART = 3;
/** Longer passwords are refused as too long; the checks below are not run on them (they grow with the square of the length). */
const MAX_CHECKED = 128;

const isRun = (text: string) => text.length >= MIN_PART && RUNS_BOTH_WAYS.some((run) => run.includes(text));

/** The shortest unit, up to `maxPeriod` long, the text repeats (at least twice over, the last copy may be cut short). */
function repeatedUnit(text: string, maxPeriod = text.length): string | undefined {
  for (let period = 1; period <= Math.min(maxPeriod, text.length / 2); period++) {
    let repeats = true;
    for (let i = period; i < text.length && repeats; i++) repeats = text[i] === text[i - period];
    if (repeats) return text.slice(0, period);
  }
  return undefined;
}

/** A run, or a short pattern repeated (`aaa`, `abcabc`, `1212`). */
const isPattern = (text: string) => text.length >= MIN_PART && (isRun(text) || repeatedUnit(text, SHORT_PATTERN - 1) !== undefined);

/** Listed, one pattern, two patterns back to back (`qwerty123`, `abcabcxyz`), or a weak longer pattern repeated. */
function isWeakCore(text: string): boolean {
  if (COMMON_PASSWORDS.has(text) || isPattern(text)) return true;
  for (let split = MIN_PART; split <= text.length - MIN_PART; split++) {
    if (isPattern(text.slice(0, split)) && isPattern(text.slice(split))) return true;
  }
  const unit = repeatedUnit(text);
  return unit !== undefined && isWeakCore(unit);
}

/** The password, and what is left of it without one or two trailing digits or symbols. */
function cores(lower: string): string[] {
  const found = [lower];
  for (let cut = 1; cut <= 2 && /\P{L}$/u.test(lower.slice(0, lower.length - cut + 1)); cut++) found.push(lower.slice(0, -cut));
  return found;
}

/** Whether "This password is too common." applies; compared case-insensitively. */
export function isTooCommon(password: string): boolean {
  return password.length <= MAX_CHECKED && cores(password.toLowerCase()).some(isWeakCore);
}
