import { describe, expect, it } from 'vitest';
import { confirmPrompt, UNREAD_ANSWER_MS } from './confirm-prompt';

/** A prompt answering each time with the next of `answers`, the next of `delays` later (ms on a made-up clock). */
function prompt(answers: boolean[], delays: number[]) {
  let clock = 0;
  const asked: string[] = [];
  const confirm = (text: string) => {
    asked.push(text);
    clock += delays[asked.length - 1]!;
    return answers[asked.length - 1]!;
  };
  return { confirm, now: () => clock, asked };
}

describe('confirmPrompt', () => {
  it('asks once more when the "no" came faster than anyone reads (the browser closed the prompt)', () => {
    const p = prompt([false, true], [4, 900]);
    expect(confirmPrompt('Delete?', p.confirm, p.now)).toBe(true);
    expect(p.asked).toEqual(['Delete?', 'Delete?']);
  });
  it("takes a person's no (read, then answered) as it is", () => {
    const p = prompt([false, true], [UNREAD_ANSWER_MS, 900]);
    expect(confirmPrompt('Delete?', p.confirm, p.now)).toBe(false);
    expect(p.asked).toHaveLength(1);
  });
  it('takes a yes at once, however fast', () => {
    const p = prompt([true], [1]);
    expect(confirmPrompt('Delete?', p.confirm, p.now)).toBe(true);
    expect(p.asked).toHaveLength(1);
  });
  it('gives up after a second instant no: a browser that suppresses prompts is not asked again and again', () => {
    const p = prompt([false, false, true], [0, 0, 0]);
    expect(confirmPrompt('Delete?', p.confirm, p.now)).toBe(false);
    expect(p.asked).toHaveLength(2);
  });
});
