import { useMatch, useNavigate, useParams } from 'react-router';
import { useRecordTitle } from '../../../lib/record-title';
import { useShownLoad } from '../hooks/use-shown-load';
import { LOAD_GONE_MESSAGES, LOAD_MESSAGES } from '../utils/load-messages';
import { DeleteLoadButton } from './delete-load-button';
import { ExperimentalBanner } from './experimental-banner';
import { LoadDocumentBar } from './load-document-bar';
import { loadReadFallback, loadRecordTitle } from './load-read-state';
import { backToLoads } from '../hooks/use-back-from-load';
import { LoadSections } from './load-sections';
import { LoadStatusChanger } from './load-status-changer';
import { PaymentStatusSelect } from './payment-status-select';
import '../loads.css';
import { RecordHistoryPanel } from '../../history/components/record-history-panel';

/**
 * /load/:loadId and /vendor/loads/:loadId: one load, its statuses, documents and five editable sections. Back (and a
 * delete) returns to the list of the same reading: /loads, or /vendor/loads, the detail's return target under it.
 */
export function LoadDetailPage() {
  const { loadId = '' } = useParams();
  const navigate = useNavigate();
  const listPath = useMatch('/vendor/loads/:loadId') ? '/vendor/loads' : '/loads';
  const shown = useShownLoad(loadId);
  const { query, gone } = shown;
  useRecordTitle(loadRecordTitle(shown));

  const backButton = (
    <button type="button" className="button button-secondary" onClick={() => void navigate(listPath, backToLoads(loadId))}>
      <span aria-hidden="true">←</span> Back to Loads
    </button>
  );

  const fallback = loadReadFallback({ shown, notFoundText: LOAD_MESSAGES.notFound, backButton });
  if (fallback) return fallback;

  const load = query.data!;
  return (
    <section className="page load-detail">
      <header className="page-header">
        <h1>
          Load Details <span className="load-detail-id">{load.kdt_id}</span>
        </h1>
        {backButton}
      </header>
      {gone && (
        <p className="form-error load-gone-notice" role="alert">
          {LOAD_GONE_MESSAGES.vendorPage}
        </p>
      )}
      <ExperimentalBanner />

      <div className="card load-detail-controls">
        <LoadStatusChanger load={load} readOnly={gone} />
        <PaymentStatusSelect load={load} readOnly={gone} />
        {!gone && (
          <div className="load-detail-danger">
            <DeleteLoadButton load={load} listPath={listPath} />
          </div>
        )}
      </div>

      {!gone && <LoadDocumentBar load={load} />}

      <LoadSections load={load} gone={gone} />
      <RecordHistoryPanel kind="load" id={load.id} watch={load} />
    </section>
  );
}
