// A pipeline probe is a synthetic change that ops send through the whole system (command -> event store ->
// projector -> read model -> read API) to prove end to end that a change made now becomes readable.
export const pipelineProbeStream = (probeId: string) => `probe-${probeId}`;

export interface PipelineProbed {
  type: 'PipelineProbed';
  data: { probe_id: string; requested_at: string };
}

export type PipelineProbeEvent = PipelineProbed;
