import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import type { LoadDocumentType } from '@portal/domain/loads/fields';
import { BusyButton } from '../../../components/busy-button';
import { useLeaveWarning } from '../../../components/unsaved-changes-guard';
import { newRequestKey } from '../../../lib/request-key';
import { useToast } from '../../../lib/toast-context';
import { uploadMutationKey, useUploadLoadDocument } from '../api/upload-load-document';
import { formatFileSize } from '../../../lib/file-size';
import { acceptAttribute, allowedExtensions, chosenFileError, MAX_LOAD_DOCUMENT_MB } from '../utils/load-document-files';
import { LOAD_DOCUMENT_MESSAGES, uploadErrorText, uploadSucceeded } from '../utils/load-document-messages';
import { CameraCapture } from './camera-capture';

interface DocumentUploadFormProps {
  loadId: string;
  documentType: LoadDocumentType;
  label: string;
  /** After a successful upload. */
  onUploaded(): void;
}

type Message = { kind: 'error' | 'success'; text: string } | null;

/** One file (picked, or taken with the camera) sent as the load's document of this type, with its progress. */
export function DocumentUploadForm({ loadId, documentType, label, onUploaded }: DocumentUploadFormProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const messageId = `${inputId}-message`;
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const upload = useUploadLoadDocument(loadId, documentType);
  const [file, setFile] = useState<File | null>(null);
  // One key per chosen file: a retry after an upload whose answer was lost is recorded once (Idempotency-Key).
  const fileKey = useRef<string | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // Also while an upload sent from this dialog before it was closed and opened again is still under way.
  const uploading = useIsMutating({ mutationKey: uploadMutationKey(loadId, documentType) }) > 0;
  const busy = upload.isPending || uploading;
  // A file chosen and not yet uploaded: a reload or a closed tab would drop it without a word (one on its way, the
  // root layout warns of, dialog closed or not).
  useLeaveWarning(file !== null);

  function clearSelection() {
    setFile(null);
    if (input.current) input.current.value = '';
  }

  /** A new choice clears earlier messages; a file too large (or of the wrong type) is dropped at once. */
  function select(chosen: File | null) {
    setMessage(null);
    if (chosen) {
      const error = chosenFileError(chosen, documentType);
      if (error) {
        clearSelection();
        setMessage({ kind: 'error', text: error });
        return;
      }
    }
    setFile(chosen);
    fileKey.current = chosen ? newRequestKey() : null;
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    select(event.target.files?.[0] ?? null);
  }

  function captured(photo: File) {
    if (input.current) input.current.value = '';
    select(photo);
  }

  function send(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!file) {
      setMessage({ kind: 'error', text: LOAD_DOCUMENT_MESSAGES.noFile });
      return;
    }
    setMessage(null);
    setProgress(0);
    // Awaited rather than given callbacks: those are dropped when the dialog closes first, and the upload, which goes
    // on, then ended without a word (the user uploaded it again, and it was there twice).
    upload.mutateAsync({ file, key: fileKey.current ?? undefined, onProgress: setProgress }).then(
      (document) => {
        const text = document.message || uploadSucceeded(label);
        clearSelection();
        setMessage({ kind: 'success', text });
        toast.success(text);
        onUploaded();
        setProgress(null);
      },
      (error: unknown) => {
        const text = uploadErrorText(error);
        setMessage({ kind: 'error', text });
        toast.error(text);
        setProgress(null);
      },
    );
  }

  const percent = progress === null ? null : Math.round(progress * 100);
  // A refusal (no file, or a file of the wrong type or size, here or at the server) is about the file field: it says
  // so to a screen reader there too, as every other form field with an error does.
  const fileRefused = message?.kind === 'error';
  return (
    <form className="ld-upload" onSubmit={send} noValidate>
      <div className="ld-picker">
        <label className="ld-picker-label" htmlFor={inputId}>
          {label} file
        </label>
        <input ref={input} id={inputId} className="ld-picker-input file-input" type="file" accept={acceptAttribute(documentType)} onChange={choose} disabled={busy}
          aria-invalid={fileRefused || undefined} aria-describedby={fileRefused ? `${hintId} ${messageId}` : hintId} />
        <p className="ld-hint" id={hintId}>
          {allowedExtensions(documentType).map((extension) => extension.toUpperCase()).join(', ')}; up to {MAX_LOAD_DOCUMENT_MB} MB.
        </p>
      </div>

      <CameraCapture onCapture={captured} disabled={busy} />

      {file && (
        <p className="ld-selected" aria-live="polite">
          Selected: <strong>{file.name}</strong> <span className="ld-muted">({formatFileSize(file.size)})</span>
        </p>
      )}

      {percent !== null && (
        <div className="ld-progress">
          <progress max={100} value={percent} aria-label={`Uploading ${file?.name ?? label}`} />
          <span className="ld-progress-value">{percent}%</span>
        </div>
      )}

      {uploading && !upload.isPending && (
        <p className="ld-message" role="note">
          {LOAD_DOCUMENT_MESSAGES.uploadUnderWay}
        </p>
      )}

      <div className="ld-upload-actions">
        {/* Refuses presses while busy but keeps the focus: a disabled button dropped it to <body> at every upload. */}
        <BusyButton type="submit" className="button button-primary" busy={busy}>
          {busy ? 'Uploading...' : 'Upload'}
        </BusyButton>
      </div>

      {message && (
        <p id={messageId} className={`ld-message ${message.kind === 'error' ? 'is-error' : 'is-success'}`} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </form>
  );
}
