import { useEffect, useRef, useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { CAPTURE_QUALITY, CAPTURE_TYPE, cameraErrorText, hasCameraApi } from '../utils/camera';
import { capturedPhotoName, MAX_LOAD_DOCUMENT_BYTES } from '../utils/load-document-files';

/**
 * The picture asked of the camera: the rear one, at about 5 MP in the 4:3 of a phone's sensor. Asked for nothing, a
 * browser gives 640x480, where a BOL's signature, exceptions and handwritten counts cannot be read (phone audit).
 * Ideal, not exact: a camera that cannot do it gives its nearest, and the photo is drawn at what it gives.
 */
const CAPTURE_VIDEO_CONSTRAINTS: MediaTrackConstraints = {
  facingMode: { ideal: 'environment' },
  width: { ideal: 2560 },
  height: { ideal: 1920 },
};

interface CameraCaptureProps {
  onCapture(file: File): void;
  disabled?: boolean;
}

/**
 * 'Take Photo': the camera's live picture, and a JPEG (quality 0.9) of it as the selected file. Not offered where the
 * browser has no camera API.
 */
export function CameraCapture({ onCapture, disabled }: CameraCaptureProps) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  // The view replaces Take Photo and takes the focus (Capture); closed (captured, cancelled, failed), it gives it back.
  const [focusBack, setFocusBack] = useState(false);
  useEffect(() => {
    if (!focusBack || open) return;
    setFocusBack(false);
    openButton.current?.focus();
  }, [focusBack, open]);
  const close = () => {
    setOpen(false);
    setFocusBack(true);
  };
  if (!hasCameraApi()) return null;
  return (
    <div className="ld-camera">
      {open ? (
        <CameraView
          onCapture={(file) => {
            close();
            onCapture(file);
          }}
          onFailure={(message) => {
            close();
            setError(message);
          }}
          onCancel={close}
        />
      ) : (
        <button
          ref={openButton}
          type="button"
          className="button button-secondary ld-camera-open"
          disabled={disabled}
          onClick={() => {
            setError(null);
            setOpen(true);
          }}
        >
          <CameraIcon /> Take Photo
        </button>
      )}
      {error && (
        <p className="ld-message is-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function CameraView({ onCapture, onFailure, onCancel }: { onCapture(file: File): void; onFailure(message: string): void; onCancel(): void }) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [ready, setReady] = useState(false);
  const [capturing, setCapturing] = useState(false);
  const reportFailure = useRef(onFailure);
  useEffect(() => {
    reportFailure.current = onFailure;
  }, [onFailure]);

  // Started once per opening; stopped when the view goes (captured, cancelled, dialog closed).
  useEffect(() => {
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({ video: CAPTURE_VIDEO_CONSTRAINTS, audio: false })
      .then((media) => {
        if (cancelled) {
          media.getTracks().forEach((track) => track.stop());
          return;
        }
        stream.current = media;
        if (video.current) {
          video.current.srcObject = media;
          void video.current.play().catch(() => undefined);
        }
      })
      .catch((error: unknown) => {
        if (!cancelled) reportFailure.current(cameraErrorText(error));
      });
    return () => {
      cancelled = true;
      stream.current?.getTracks().forEach((track) => track.stop());
      stream.current = null;
    };
  }, []);

  function capture() {
    const element = video.current;
    if (!element || element.videoWidth === 0) return;
    setCapturing(true);
    // At the camera's own size; drawn smaller only in the rare case its JPEG would be refused as over 5 MB.
    const encode = (scale: number) => {
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(element.videoWidth * scale);
      canvas.height = Math.round(element.videoHeight * scale);
      canvas.getContext('2d')?.drawImage(element, 0, 0, canvas.width, canvas.height);
      canvas.toBlob(
        (blob) => {
          if (blob && blob.size > MAX_LOAD_DOCUMENT_BYTES && scale > 0.25) return encode(scale * 0.9 * Math.sqrt(MAX_LOAD_DOCUMENT_BYTES / blob.size));
          setCapturing(false);
          if (!blob) return onFailure('The photo could not be taken.');
          onCapture(new File([blob], capturedPhotoName(new Date()), { type: CAPTURE_TYPE }));
        },
        CAPTURE_TYPE,
        CAPTURE_QUALITY,
      );
    };
    encode(1);
  }

  return (
    <div className="ld-camera-view">
      <video ref={video} className="ld-camera-video" playsInline muted aria-label="Camera preview" onLoadedData={() => setReady(true)} />
      <div className="ld-camera-actions">
        {/* Focusable before the picture is ready (it refuses presses until then), so opening the view can focus it. */}
        <BusyButton className="button button-primary" onClick={capture} unavailable={!ready} busy={capturing} autoFocus>
          Capture
        </BusyButton>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function CameraIcon() {
  return (
    <svg className="ld-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
      <circle cx="12" cy="13" r="3.5" />
    </svg>
  );
}
