import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { LoadSection } from '@portal/domain/loads/fields';
import { Spinner } from '../../../components/spinner';
import { useLoad } from '../api/get-load';
import { errorText, isNotFound, LOAD_MESSAGES } from '../utils/load-messages';
import { SECTION_FIELDS } from '../utils/section-fields';
import { DeleteLoadButton } from './delete-load-button';
import { ExperimentalBanner } from './experimental-banner';
import { LoadDocumentBar } from './load-document-bar';
import { LoadSectionCard } from './load-section-card';
import { LoadStatusChanger } from './load-status-changer';
import { PaymentStatusSelect } from './payment-status-select';
import '../loads.css';

const SECTIONS = Object.keys(SECTION_FIELDS) as LoadSection[];

/** /load/:loadId and /vendor/loads/:loadId: one load, its statuses, documents and five editable sections. */
export function LoadDetailPage() {
  const { loadId = '' } = useParams();
  const navigate = useNavigate();
  const query = useLoad(loadId);
  const [editing, setEditing] = useState<LoadSection | null>(null);

  const backButton = (
    <button type="button" className="button button-secondary" onClick={() => void navigate('/loads')}>
      ← Back to Loads
    </button>
  );

  if (query.isPending) {
    return (
      <section className="page load-detail">
        <div className="loads-state">
          <Spinner size="lg" label="Loading load" />
        </div>
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className="page load-detail">
        <p className={isNotFound(query.error) ? 'page-status' : 'form-error'} role="alert">
          {isNotFound(query.error) ? LOAD_MESSAGES.notFound : (errorText(query.error) ?? LOAD_MESSAGES.detailFailed)}
        </p>
        {backButton}
      </section>
    );
  }

  const load = query.data;
  return (
    <section className="page load-detail">
      <header className="page-header">
        <h1>
          Load Details <span className="load-detail-id">{load.kdt_id}</span>
        </h1>
        {backButton}
      </header>
      <ExperimentalBanner />

      <div className="card load-detail-controls">
        <LoadStatusChanger load={load} />
        <PaymentStatusSelect load={load} />
        <div className="load-detail-danger">
          <DeleteLoadButton load={load} />
        </div>
      </div>

      <LoadDocumentBar load={load} />

      <div className="load-sections">
        {SECTIONS.map((section) => (
          <LoadSectionCard
            key={section}
            load={load}
            section={section}
            editing={editing === section}
            locked={editing !== null && editing !== section}
            onEdit={() => setEditing(section)}
            onClose={() => setEditing(null)}
          />
        ))}
      </div>
    </section>
  );
}
