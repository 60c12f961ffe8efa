import { useState } from 'react';
import { DocumentPreviewDialog } from '../../../components/document-preview-dialog';
import { fileNameOfUrl } from '../../../lib/served-file-url';
import type { VendorDetail } from '../api/vendors';
import { formatCalendarDay } from '../../../lib/calendar-days';
import { type VendorDocumentEntry, vendorDocuments } from '../utils/vendor-detail';

/** The vendor's five documents, each viewable in the preview dialog, and the carrier agreement's state. */
export function VendorDocumentsTab({ vendor }: { vendor: VendorDetail }) {
  const [previewing, setPreviewing] = useState<VendorDocumentEntry | null>(null);
  const documents = vendorDocuments(vendor);

  return (
    <div>
      <div className="sa-tab-header">
        <h2>Documents</h2>
      </div>
      <ul className="sa-documents">
        {documents.map((document) => (
          <li key={document.type} className="sa-document">
            <div>
              <span className="sa-document-name">{document.label}</span>
              {document.url && <span className="sa-secondary-line">{fileNameOfUrl(document.url)}</span>}
            </div>
            <div className="sa-document-actions">
              {document.url ? (
                <>
                  <button type="button" className="button button-secondary" onClick={() => setPreviewing(document)} aria-label={`View ${document.label}`}>
                    View
                  </button>
                  <a href={document.url} target="_blank" rel="noopener noreferrer" aria-label={`Open ${document.label} in a new tab`}>
                    Open
                  </a>
                </>
              ) : (
                <span className="sa-not-provided">Not uploaded</span>
              )}
            </div>
          </li>
        ))}
      </ul>
      <div className="sa-agreement">
        <strong>Carrier Agreement: </strong>
        {vendor.carrier_agreement_status ? (
          <span>Signed{vendor.carrier_agreement_date ? ` on ${formatCalendarDay(vendor.carrier_agreement_date)}` : ''}</span>
        ) : (
          <span className="sa-not-provided">Not signed</span>
        )}
      </div>
      {previewing?.url && (
        <DocumentPreviewDialog
          open
          onClose={() => setPreviewing(null)}
          title={previewing.label}
          url={previewing.url}
          fileName={fileNameOfUrl(previewing.url)}
        />
      )}
    </div>
  );
}
