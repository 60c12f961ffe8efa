import { describe, expect, it } from 'vitest';
import { decide, evolve, initialState, ProbeAlreadyRecorded } from './decider';

describe('pipeline probe decider', () => {
  const now = new Date('2026-11-21T10:00:00.000Z');

  it('given no probe, when a probe is requested, then PipelineProbed is recorded', () => {
    expect(decide({ type: 'RequestProbe', data: { probeId: 'p-1', now } }, initialState())).toEqual([
      { type: 'PipelineProbed', data: { probe_id: 'p-1', requested_at: '2026-11-21T10:00:00.000Z' } },
    ]);
  });

  it('given a recorded probe, when the same probe is requested again, then it is refused', () => {
    const state = evolve(initialState(), { type: 'PipelineProbed', data: { probe_id: 'p-1', requested_at: now.toISOString() } });
    expect(() => decide({ type: 'RequestProbe', data: { probeId: 'p-1', now } }, state)).toThrow(ProbeAlreadyRecorded);
  });
});
