import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import SignaturePad from 'signature_pad';

export interface SignatureCanvasHandle {
  isEmpty(): boolean;
  clear(): void;
  /** The drawing as PNG bytes (null if the browser could not encode it). */
  toPngBlob(): Promise<Blob | null>;
}

interface SignatureCanvasProps {
  ref?: Ref<SignatureCanvasHandle>;
  /** A locked pad keeps its drawing but takes no new strokes. */
  locked?: boolean;
  label: string;
}

/**
 * A signature_pad canvas drawn at the device's pixel ratio and redrawn, not lost, when its width changes
 * (rotating a phone, resizing the window).
 */
export function SignatureCanvas({ ref, locked = false, label }: SignatureCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);

  useEffect(() => {
    const element = canvas.current!;
    const signaturePad = new SignaturePad(element, {
      minWidth: 0.5,
      maxWidth: 2.5,
      penColor: 'rgb(17, 24, 39)',
      // Opaque, so the saved PNG reads the same on a light or a dark page.
      backgroundColor: 'rgb(255, 255, 255)',
    });
    pad.current = signaturePad;

    let drawnWidth = 0;
    let drawnRatio = 0;
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = element.offsetWidth;
      const height = element.offsetHeight;
      if (width === 0 || (width === drawnWidth && ratio === drawnRatio)) return;
      const strokes = signaturePad.toData();
      element.width = Math.round(width * ratio);
      element.height = Math.round(height * ratio);
      element.getContext('2d')?.scale(ratio, ratio);
      signaturePad.clear();
      if (strokes.length > 0) signaturePad.fromData(strokes);
      drawnWidth = width;
      drawnRatio = ratio;
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    // Zooming or moving to another screen changes the ratio without resizing the element.
    window.addEventListener('resize', fit);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', fit);
      signaturePad.off();
      pad.current = null;
    };
  }, []);

  useEffect(() => {
    if (locked) pad.current?.off();
    else pad.current?.on();
  }, [locked]);

  useImperativeHandle(
    ref,
    () => ({
      isEmpty: () => pad.current?.isEmpty() ?? true,
      clear: () => pad.current?.clear(),
      toPngBlob: () => new Promise<Blob | null>((resolve) => (canvas.current ? canvas.current.toBlob(resolve, 'image/png') : resolve(null))),
    }),
    [],
  );

  return <canvas ref={canvas} className={`agreement-canvas${locked ? ' is-locked' : ''}`} role="img" aria-label={label} />;
}
