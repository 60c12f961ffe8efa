import { useEffect, useState } from 'react';
import { previewKindOf } from '../../../components/document-preview-kind';
import { PdfPreviewFrame } from '../../../components/pdf-preview-frame';
import { Spinner } from '../../../components/spinner';
import type { LoadDocument } from '../api/load-documents-api';
import { LOAD_DOCUMENT_MESSAGES } from '../utils/load-document-messages';

/** The shown document: a PDF in a frame, an image inline, anything else as a download. */
export function DocumentPreview({ document }: { document: LoadDocument }) {
  const kind = previewKindOf(document.file_name, document.file_url);
  if (kind === 'pdf') return <PdfPreview key={document.id} document={document} />;
  if (kind === 'image') return <ImagePreview key={document.id} document={document} />;
  return <Unavailable document={document} text={LOAD_DOCUMENT_MESSAGES.notPreviewable} link={LOAD_DOCUMENT_MESSAGES.downloadFile} />;
}

function Unavailable({ document, text, link }: { document: LoadDocument; text: string; link: string }) {
  return (
    <div className="ld-preview-unavailable">
      <p>{text}</p>
      <a className="button button-primary" href={document.file_url} download={document.file_name} target="_blank" rel="noopener noreferrer">
        {link}
      </a>
    </div>
  );
}

type PdfState = 'checking' | 'ready' | 'failed';

/**
 * A frame cannot tell the page that its document failed to load, so the file is asked for first (HEAD): only a PDF
 * that is there goes into the frame; otherwise 'Failed to load PDF' with a download link.
 */
function PdfPreview({ document }: { document: LoadDocument }) {
  const [state, setState] = useState<PdfState>('checking');
  useEffect(() => {
    const controller = new AbortController();
    fetch(document.file_url, { method: 'HEAD', credentials: 'include', signal: controller.signal })
      .then((response) => {
        const type = response.headers.get('content-type') ?? '';
        setState(response.ok && type.includes('pdf') ? 'ready' : 'failed');
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          console.error(`Checking ${document.file_name} failed`, error);
          setState('failed');
        }
      });
    return () => controller.abort();
  }, [document.file_url, document.file_name]);

  if (state === 'checking') {
    return (
      <div className="ld-preview-loading">
        <Spinner label={`Loading ${document.file_name}`} />
      </div>
    );
  }
  if (state === 'failed') return <Unavailable document={document} text={LOAD_DOCUMENT_MESSAGES.pdfFailed} link={LOAD_DOCUMENT_MESSAGES.downloadPdf} />;
  return <PdfPreviewFrame className="ld-preview-frame" url={document.file_url} title={document.file_name} />;
}

function ImagePreview({ document }: { document: LoadDocument }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <Unavailable document={document} text={`Failed to load ${document.file_name}`} link={LOAD_DOCUMENT_MESSAGES.downloadFile} />;
  return (
    <div className="ld-preview-image">
      <img src={document.file_url} alt={document.file_name} onError={() => setFailed(true)} />
    </div>
  );
}
