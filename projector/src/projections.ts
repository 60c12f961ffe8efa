import { accountsProjection } from './accounts/projection';
import { loadDocumentsProjection } from './load-documents/projection';
import { loadsProjection } from './loads/projection';
import { paymentHistoryProjection } from './payments/projection';
import { pipelineProbeProjection } from './pipeline-probe/projection';
import { vendorsProjection } from './vendors/projection';
import type { Projection } from './runtime';

/** Every read-model projection, applied in this order to each event. */
export const projections: readonly Projection[] = [accountsProjection, vendorsProjection, loadsProjection, loadDocumentsProjection, paymentHistoryProjection, pipelineProbeProjection];
