import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { sentAgainIfUnanswered } from './send-again';

describe('sentAgainIfUnanswered', () => {
  it('sends once more only when no answer came, and the second answer counts', async () => {
    const answers: (() => Promise<string>)[] = [() => Promise.reject(new TypeError('Network request failed')), () => Promise.resolve('done')];
    let sent = 0;
    await expect(sentAgainIfUnanswered(() => answers[sent++]!())).resolves.toBe('done');
    expect(sent).toBe(2);

    sent = 0;
    const refused = new ApiError(403, { detail: 'No.' });
    await expect(sentAgainIfUnanswered(() => (sent++, Promise.reject(refused)))).rejects.toBe(refused);
    expect(sent).toBe(1);

    sent = 0;
    await expect(sentAgainIfUnanswered(() => (sent++, Promise.reject(new TypeError('down'))))).rejects.toThrow('down');
    expect(sent).toBe(2);
  });
});
