import { useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { RecycleBinHint } from '../../../components/recycle-bin-hint';
import { useFocusKeptIn } from '../../../lib/focus';
import { useRecordTitle } from '../../../lib/record-title';
import { DeleteLoadButton } from '../../loads/components/delete-load-button';
import { ExperimentalBanner } from '../../loads/components/experimental-banner';
import { loadReadFallback, loadRecordTitle } from '../../loads/components/load-read-state';
import { backToLoads } from '../../loads/hooks/use-back-from-load';
import { LoadSections } from '../../loads/components/load-sections';
import { LoadStatusChanger } from '../../loads/components/load-status-changer';
import { PaymentStatusSelect } from '../../loads/components/payment-status-select';
import { useLoadCapabilities } from '../../loads/hooks/use-load-capabilities';
import { useShownLoad } from '../../loads/hooks/use-shown-load';
import { LOAD_GONE_MESSAGES } from '../../loads/utils/load-messages';
import { STAFF_LOAD_MESSAGES } from '../utils/staff-load-messages';
import { STAFF_LOADS_PATH } from '../utils/staff-load-paths';
import { AssignVendorBox } from './assign-vendor-box';
import { LoadDocumentsPanel } from './load-documents-panel';
import '../../loads/loads.css';
import '../staff-loads.css';
import { RecordHistoryPanel } from '../../history/components/record-history-panel';
import { PaymentHistoryPanel } from '../../payments/components/payment-history-panel';

/**
 * /staff/load/:loadId and /staff/loads/:loadId: one load across vendors. Every control follows the tier matrix the
 * server enforces; what a tier may not use is read-only or says why.
 */
export function StaffLoadDetailPage() {
  const { loadId = '' } = useParams();
  const navigate = useNavigate();
  const shown = useShownLoad(loadId);
  const { query, gone } = shown;
  useRecordTitle(loadRecordTitle(shown));
  const capabilities = useLoadCapabilities(query.data ? { vendor: query.data.vendor } : undefined);
  // A select taken away under the focus (a tier change shows the status as text): the card keeps it.
  const controls = useRef<HTMLDivElement>(null);
  useFocusKeptIn(controls, undefined, query.data !== undefined);

  const backButton = (
    <button type="button" className="button button-secondary" onClick={() => void navigate(STAFF_LOADS_PATH, backToLoads(loadId))}>
      <span aria-hidden="true">←</span> Back to Loads
    </button>
  );

  const fallback = loadReadFallback({ shown, notFoundText: STAFF_LOAD_MESSAGES.notFound, notFoundHint: <RecycleBinHint noun="load" />, backButton });
  if (fallback) return fallback;

  const load = query.data!;
  return (
    <section className="page load-detail staff-load-detail">
      <div className="staff-load-back">{backButton}</div>
      <header className="staff-load-header">
        <p className="staff-load-eyebrow">
          Load Details <span className="staff-load-uuid">ID {load.id}</span>
        </p>
        <h1>{load.kdt_id}</h1>
        <p className="staff-load-vendor">
          Vendor:{' '}
          <strong className={load.vendor_name ? undefined : 'is-unassigned'}>{load.vendor_name ?? STAFF_LOAD_MESSAGES.notAssigned}</strong>
        </p>
      </header>
      {gone && (
        <div className="form-error load-gone-notice" role="alert">
          <p>{LOAD_GONE_MESSAGES.staffPage}</p>
          <RecycleBinHint noun="load" />
        </div>
      )}
      <ExperimentalBanner />

      <div ref={controls} className="card load-detail-controls" role="group" aria-label="Load controls">
        <LoadStatusChanger load={load} readOnly={gone || !capabilities.changeStatus} />
        <PaymentStatusSelect load={load} readOnly={gone || !capabilities.changePaymentStatus} />
        {capabilities.delete && !gone && (
          <div className="load-detail-danger">
            <DeleteLoadButton load={load} listPath={STAFF_LOADS_PATH} />
          </div>
        )}
      </div>

      <div className="staff-load-side">
        {!gone && <LoadDocumentsPanel load={load} canManage={capabilities.manageDocuments} />}
        {!gone && <AssignVendorBox load={load} canAssign={capabilities.assignVendor} />}
      </div>

      <LoadSections load={load} canEdit={capabilities.editSection} gone={gone} />
      <PaymentHistoryPanel loadId={load.id} watch={load} />
      <RecordHistoryPanel kind="load" id={load.id} watch={load} />
    </section>
  );
}
