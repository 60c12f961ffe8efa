import { useState } from 'react';

export interface OneAtATime {
  /** Starts a run and answers true, or answers false when the one started before has not ended. */
  begin(): boolean;
  /** Ends the run: the next press may start another. */
  end(): void;
}

/**
 * One run of an action at a time, known at the very press. A double click's second press arrives before React has
 * drawn the button as busy (a mutation's `isPending`, or `disabled`, are only seen after the next render), so a check of
 * those lets it through and the request goes twice: a load deleted, then "Not found."; an agreement signed twice in
 * its history. A guard kept outside rendering refuses it.
 */
export function createOneAtATime(): OneAtATime {
  let running = false;
  return {
    begin: () => {
      if (running) return false;
      running = true;
      return true;
    },
    end: () => {
      running = false;
    },
  };
}

/** A component's own `OneAtATime`, the same across its renders. */
export function useOneAtATime(): OneAtATime {
  return useState(createOneAtATime)[0];
}
