import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { previewKindOf } from '../../../components/document-preview-kind';
import { Spinner } from '../../../components/spinner';
import { formatListDateTime } from '../../../lib/format-date';
import type { LoadDocument } from '../api/load-documents-api';
import { followIndex, positionLabel, stepIndex } from '../utils/carousel';
import { extensionOf } from '../utils/load-document-files';
import { fetchErrorText, LOAD_DOCUMENT_MESSAGES } from '../utils/load-document-messages';
import { DocumentPreview } from './document-preview';

interface DocumentViewerProps {
  documents: readonly LoadDocument[];
  isPending: boolean;
  error: unknown;
  /** Offers Delete; the parent confirms and deletes. Without it the viewer is read-only. */
  onDelete?(document: LoadDocument | undefined): void;
  deleting: boolean;
}

const NOTHING: readonly LoadDocument[] = [];

/** Said of a document staff see from an earlier carrier's time with the load (the load's counts leave it out). */
export const EARLIER_CARRIER = "From an earlier carrier's time with this load";

/** The uploaded documents of one type, one at a time: previous/next, thumbnails, the preview, open, download, delete. */
export function DocumentViewer({ documents, isPending, error, onDelete, deleting }: DocumentViewerProps) {
  const [index, setIndex] = useState(0);
  const shownList = useRef<readonly LoadDocument[]>(NOTHING);

  // Keep showing the same document when the list changes; after a deletion, the one that took its place.
  useEffect(() => {
    const previous = shownList.current;
    shownList.current = documents;
    setIndex((current) => followIndex(previous, current, documents));
  }, [documents]);

  if (isPending) {
    return (
      <div className="ld-preview-loading">
        <Spinner label="Loading documents" />
      </div>
    );
  }
  if (error) {
    return (
      <p className="ld-message is-error" role="alert">
        {fetchErrorText(error)}
      </p>
    );
  }
  if (documents.length === 0) return <p className="ld-empty">{LOAD_DOCUMENT_MESSAGES.empty}</p>;

  const current = documents[Math.min(index, documents.length - 1)];
  const many = documents.length > 1;
  const step = (by: number) => setIndex((at) => stepIndex(at, by, documents.length));
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!many || (event.target as HTMLElement).closest('input, select, textarea, iframe')) return;
    if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'ArrowLeft') step(-1);
    else return;
    event.preventDefault();
  }

  return (
    <div className="ld-viewer" role="region" aria-label="Uploaded documents" aria-roledescription="carousel" onKeyDown={onKeyDown}>
      <div className="ld-viewer-bar">
        {many ? (
          <button type="button" className="button button-secondary ld-step" onClick={() => step(-1)} aria-label="Previous document">
            ‹<span className="ld-step-text"> Previous</span>
          </button>
        ) : (
          <span />
        )}
        <div className="ld-viewer-title">
          <span className="ld-file-name" title={current?.file_name}>
            {current?.file_name}
          </span>
          <span className="ld-muted">
            {positionLabel(index, documents.length)}
            {current?.uploaded_at ? ` · Uploaded ${formatListDateTime(current.uploaded_at)}` : ''}
            {current?.earlier_carrier ? ` · ${EARLIER_CARRIER}` : ''}
          </span>
        </div>
        {many ? (
          <button type="button" className="button button-secondary ld-step" onClick={() => step(1)} aria-label="Next document">
            <span className="ld-step-text">Next </span>›
          </button>
        ) : (
          <span />
        )}
      </div>

      <div className="ld-preview" aria-live="polite">
        {current && <DocumentPreview document={current} />}
      </div>

      {many && (
        <ul className="ld-thumbnails" aria-label="Documents">
          {documents.map((document, at) => (
            <li key={document.id}>
              <button
                type="button"
                className={`ld-thumbnail${at === index ? ' is-current' : ''}`}
                aria-label={document.file_name}
                aria-current={at === index ? 'true' : undefined}
                onClick={() => setIndex(at)}
              >
                {previewKindOf(document.file_name, document.file_url) === 'image' ? (
                  <img src={document.file_url} alt="" loading="lazy" />
                ) : (
                  <span className="ld-thumbnail-type">{extensionOf(document.file_name).toUpperCase() || 'FILE'}</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}

      {current && (
        <div className="ld-viewer-actions">
          <a className="button button-secondary" href={current.file_url} target="_blank" rel="noopener noreferrer">
            Open in New Tab
          </a>
          <a className="button button-secondary" href={current.file_url} download={current.file_name}>
            Download
          </a>
          {onDelete && (
            // Busy, not disabled, while deleting: the focus stays on it (the dialog places it once the document is gone).
            <BusyButton className="button ld-button-danger" onClick={() => onDelete(current)} busy={deleting} data-document-delete>
              {deleting ? 'Deleting...' : 'Delete'}
            </BusyButton>
          )}
        </div>
      )}
    </div>
  );
}
