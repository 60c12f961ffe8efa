/**
 * Sends a request that sets a value outright (a status, a date, a vendor) and so can be sent twice to the same end:
 * when its answer never came (the connection dropped, a TypeError), it is sent once more, and the second answer is the
 * one that counts. Without it, a change the server had made was reported as failed. A refusal with an answer (a 4xx
 * or 5xx) is never repeated, and neither is a change that depends on what it was made over (a section save).
 */
export async function sentAgainIfUnanswered<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return send();
  }
}
