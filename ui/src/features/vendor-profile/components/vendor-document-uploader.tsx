import { type ChangeEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { VENDOR_DOCUMENT_LABELS, type VendorDocumentType } from '@portal/domain/vendors/profile-fields';
import { DocumentPreviewDialog } from '../../../components/document-preview-dialog';
import { useOneAtATime } from '../../../lib/one-at-a-time';
import { fileNameOfUrl, servedFileUrl } from '../../../lib/served-file-url';
import { formatFileSize } from '../../../lib/file-size';
import { usePendingReport } from '../../../lib/pending-report';
import { useVendorDocument, type VendorDocumentRecord } from '../api/get-vendor-document';
import { useUploadVendorDocument } from '../api/upload-vendor-document';
import {
  ACCEPT_ATTRIBUTE,
  formatLastUpdated,
  NO_FILE_SELECTED,
  selectedFileError,
  uploadErrorMessage,
  uploadSucceeded,
} from '../utils/document-upload';

interface VendorDocumentUploaderProps {
  type: VendorDocumentType;
  /** The profile's URL for this document, shown until the document record answers. */
  suppliedUrl?: string | null;
  /** The title's heading level: 3 directly under a section's h2, 4 under a subsection's h3. */
  headingLevel?: 3 | 4;
  /** Told whether a file is chosen and not yet uploaded, or on its way (the page asks before it is left). */
  onPendingChange?(pending: boolean): void;
  /** Told, when it changes, the name of the button that would send a file chosen and not sent ('Upload' or 'Replace'), else null. */
  onUnsentChange?(sendButton: string | null): void;
  /** The button that sends the chosen file: the page points the user at it after a save that left the file unsent. */
  sendButtonRef?: Ref<HTMLButtonElement>;
}

type Message = { kind: 'error' | 'success'; text: string } | null;

/** The shown document: the record when it has one, else the profile's URL; a failed fetch counts as none. */
function shownDocument(record: VendorDocumentRecord | undefined, suppliedUrl: string | null): VendorDocumentRecord | null {
  if (record?.exists && record.url) return record;
  if (suppliedUrl) return { exists: true, filename: fileNameOfUrl(suppliedUrl), url: suppliedUrl, last_modified: null };
  return null;
}

export function VendorDocumentUploader({ type, suppliedUrl, headingLevel = 3, onPendingChange, onUnsentChange, sendButtonRef }: VendorDocumentUploaderProps) {
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  const label = VENDOR_DOCUMENT_LABELS[type];
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const documentQuery = useVendorDocument(type);
  const upload = useUploadVendorDocument(type);
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [replacing, setReplacing] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const widget = useRef<HTMLDivElement>(null);
  const nameButton = useRef<HTMLButtonElement>(null);
  // Set by a finished upload: the file's name button takes the focus once it shows (the upload form goes away).
  const [focusName, setFocusName] = useState(false);

  useEffect(() => {
    if (documentQuery.error) console.error(`Fetching the ${label} failed; treating it as missing`, documentQuery.error);
  }, [documentQuery.error, label]);

  const current = shownDocument(documentQuery.data, servedFileUrl(suppliedUrl));
  const exists = current !== null;
  const busy = upload.isPending;
  usePendingReport(file !== null || busy, onPendingChange);
  const sendButton = exists ? 'Replace' : 'Upload';
  const unsent = file !== null && !busy ? sendButton : null;
  const reportUnsent = useRef(onUnsentChange);
  useEffect(() => {
    reportUnsent.current = onUnsentChange;
  });
  useEffect(() => {
    reportUnsent.current?.(unsent);
  }, [unsent]);
  useEffect(() => () => reportUnsent.current?.(null), []);
  const once = useOneAtATime();

  useEffect(() => {
    if (!focusName || !nameButton.current) return;
    setFocusName(false);
    // Only where the focus was lost with the upload form (or is still in this widget), never taken from elsewhere.
    const active = document.activeElement;
    if (!active || active === document.body || widget.current?.contains(active)) nameButton.current.focus();
  });

  function clearSelection() {
    setFile(null);
    if (input.current) input.current.value = '';
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setMessage(null);
    if (chosen) {
      const error = selectedFileError(chosen);
      if (error) {
        clearSelection();
        setMessage({ kind: 'error', text: error });
        return;
      }
    }
    setFile(chosen);
  }

  function send() {
    // The button stays focusable while busy (aria-disabled), so a second press must do nothing.
    if (busy) return;
    if (!file) {
      setMessage({ kind: 'error', text: NO_FILE_SELECTED });
      return;
    }
    if (!once.begin()) return;
    setMessage(null);
    upload.mutate(file, {
      onSettled: once.end,
      onSuccess: () => {
        clearSelection();
        setReplacing(false);
        setMessage({ kind: 'success', text: uploadSucceeded(label) });
        setFocusName(true);
      },
      onError: (error) => setMessage({ kind: 'error', text: uploadErrorMessage(error) }),
    });
  }

  return (
    <div ref={widget} className={`vp-document${exists ? ' has-document' : ''}`} role="group" aria-labelledby={`${inputId}-title`}>
      <div className="vp-document-head">
        <Heading id={`${inputId}-title`} className="vp-document-title">
          {exists ? label : `Upload ${label}`}
        </Heading>
        {current && (
          <button
            type="button"
            className="vp-link-button tap-target"
            aria-expanded={replacing}
            aria-controls={`${inputId}-form`}
            onClick={() => {
              // Hidden, the form's choice goes with it: nothing waits unseen to be uploaded.
              if (replacing) clearSelection();
              setReplacing(!replacing);
            }}
          >
            {replacing ? 'Hide' : 'Replace'}
          </button>
        )}
      </div>

      {current?.url && (
        <div className="vp-document-current">
          <button ref={nameButton} type="button" className="vp-document-name tap-target" onClick={() => setPreviewOpen(true)} title={`Preview ${label}`}>
            {current.filename || label}
          </button>
          <span className="vp-document-updated">Last updated: {formatLastUpdated(current.last_modified)}</span>
          <a className="vp-document-view tap-target" href={current.url} target="_blank" rel="noopener noreferrer">
            View
          </a>
          <DocumentPreviewDialog
            open={previewOpen}
            onClose={() => setPreviewOpen(false)}
            title={label}
            url={current.url}
            fileName={current.filename}
          />
        </div>
      )}

      {(!exists || replacing) && (
        <div className="vp-document-form" id={`${inputId}-form`}>
          <label className="visually-hidden" htmlFor={inputId}>
            {label} file
          </label>
          <input ref={input} id={inputId} className="file-input" type="file" accept={ACCEPT_ATTRIBUTE} onChange={choose} disabled={busy}
            aria-invalid={message?.kind === 'error' || undefined} aria-describedby={message?.kind === 'error' ? `${inputId}-message` : undefined} />
          <button ref={sendButtonRef} type="button" className="button button-secondary vp-document-send" onClick={send} aria-disabled={busy} aria-busy={busy}>
            {busy ? '...' : sendButton}
          </button>
          {/* The browser's own file box shortens the name (to "No fil…hosen" on a phone): the choice, in full. */}
          {file && (
            <p className="vp-document-selected" aria-live="polite">
              Selected: <strong>{file.name}</strong> ({formatFileSize(file.size)})
            </p>
          )}
        </div>
      )}

      {message && (
        <p id={`${inputId}-message`} className={message.kind === 'error' ? 'vp-document-error' : 'vp-document-success'} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </div>
  );
}
