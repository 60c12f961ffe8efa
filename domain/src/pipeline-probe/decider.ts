import type { PipelineProbeEvent } from './events';

export type PipelineProbeState = { status: 'none' } | { status: 'probed'; probeId: string };

export interface RequestProbe {
  type: 'RequestProbe';
  data: { probeId: string; now: Date };
}

export type PipelineProbeCommand = RequestProbe;

export const initialState = (): PipelineProbeState => ({ status: 'none' });

export function evolve(_state: PipelineProbeState, event: PipelineProbeEvent): PipelineProbeState {
  switch (event.type) {
    case 'PipelineProbed':
      return { status: 'probed', probeId: event.data.probe_id };
  }
}

export class ProbeAlreadyRecorded extends Error {}

export function decide(command: PipelineProbeCommand, state: PipelineProbeState): PipelineProbeEvent[] {
  switch (command.type) {
    case 'RequestProbe': {
      if (state.status !== 'none') throw new ProbeAlreadyRecorded(`Probe ${state.probeId} is already recorded.`);
      return [{ type: 'PipelineProbed', data: { probe_id: command.data.probeId, requested_at: command.data.now.toISOString() } }];
    }
    default: {
      const unhandled: never = command.type;
      throw new Error(`Unknown command ${String(unhandled)}`);
    }
  }
}
