import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import SignaturePad from 'signature_pad';

export interface SignatureCanvasHandle {
  isEmpty(): boolean;
  clear(): void;
  /** The drawing (or the typed name, drawn) as PNG bytes (null if the browser could not encode it). */
  toPngBlob(): Promise<Blob | null>;
}

interface SignatureCanvasProps {
  ref?: Ref<SignatureCanvasHandle>;
  /** A locked pad keeps its drawing but takes no new strokes. */
  locked?: boolean;
  label: string;
  /** The id of the text that describes the pad to screen readers (the typed-name alternative). */
  describedBy?: string;
  /**
   * A name typed instead of drawn: while it is not blank the canvas shows it in a handwriting face, in place of any
   * strokes, and the PNG carries it, so a typed signature reaches the server as the same kind of image.
   */
  typedName?: string;
  /** A pen stroke began while a typed name was shown: the stroke replaces it (the parent clears its field). */
  onDrawOverTyped?(): void;
  /** A pen stroke ended: the pad holds ink. */
  onInk?(): void;
}

const INK = 'rgb(17, 24, 39)';
// Opaque, so the saved PNG reads the same on a light or a dark page.
const PAPER = 'rgb(255, 255, 255)';
/** Script faces found on Windows, macOS and most Linux desktops, then the generic 'cursive', slanted where it is not. */
const HANDWRITING_FONTS = '"Segoe Script", "Lucida Handwriting", "Brush Script MT", "Snell Roundhand", "Apple Chancery", "URW Chancery L", "Z003", cursive';
const TYPED_MAX_SIZE = 52;
const TYPED_MIN_SIZE = 16;
const TYPED_MARGIN = 24;

/**
 * The typed name on a blank pad, in CSS pixels (the context is already scaled to the device's ratio): as large as
 * fits the width, up to a signature's size, on the left of the pad's middle with a short pen line under it.
 */
function drawTypedName(canvas: HTMLCanvasElement, name: string) {
  const context = canvas.getContext('2d');
  if (!context) return;
  const width = canvas.offsetWidth;
  const height = canvas.offsetHeight;
  let size = TYPED_MAX_SIZE;
  const fontAt = (px: number) => `italic 400 ${px}px ${HANDWRITING_FONTS}`;
  context.font = fontAt(size);
  while (size > TYPED_MIN_SIZE && context.measureText(name).width > width - TYPED_MARGIN * 2) {
    size -= 2;
    context.font = fontAt(size);
  }
  const textWidth = Math.min(context.measureText(name).width, width - TYPED_MARGIN * 2);
  const baseline = Math.round(height * 0.62);
  context.save();
  context.fillStyle = INK;
  context.strokeStyle = INK;
  context.textBaseline = 'alphabetic';
  context.textAlign = 'left';
  context.fillText(name, TYPED_MARGIN, baseline, width - TYPED_MARGIN * 2);
  // A light flourish under the name, as a pen would leave.
  context.lineWidth = 1.5;
  context.lineCap = 'round';
  context.beginPath();
  context.moveTo(TYPED_MARGIN, baseline + size * 0.28);
  context.quadraticCurveTo(TYPED_MARGIN + textWidth * 0.55, baseline + size * 0.42, TYPED_MARGIN + textWidth + 8, baseline + size * 0.2);
  context.stroke();
  context.restore();
}

/**
 * A signature_pad canvas drawn at the device's pixel ratio and redrawn, not lost, when its width changes
 * (rotating a phone, resizing the window). It shows either pen strokes or a typed name, never both.
 */
export function SignatureCanvas({ ref, locked = false, label, describedBy, typedName = '', onDrawOverTyped, onInk }: SignatureCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const typed = useRef(typedName.trim());
  typed.current = typedName.trim();
  // Whether the canvas now shows a typed name (so a stroke or an emptied field must wipe it first).
  const typedShown = useRef(false);
  const drawOverTyped = useRef(onDrawOverTyped);
  drawOverTyped.current = onDrawOverTyped;
  const inked = useRef(onInk);
  inked.current = onInk;

  useEffect(() => {
    const element = canvas.current!;
    const signaturePad = new SignaturePad(element, {
      minWidth: 0.5,
      maxWidth: 2.5,
      penColor: INK,
      backgroundColor: PAPER,
    });
    pad.current = signaturePad;

    // A stroke over a typed name starts on a blank pad. Only the paper is repainted: the pad holds no strokes under a
    // typed name, and its clear() would also forget the pointer this stroke is drawn with.
    const beginStroke = () => {
      if (!typedShown.current) return;
      const context = element.getContext('2d');
      if (context) {
        context.fillStyle = PAPER;
        context.fillRect(0, 0, element.width, element.height);
      }
      typedShown.current = false;
      drawOverTyped.current?.();
    };
    signaturePad.addEventListener('beginStroke', beginStroke);
    const endStroke = () => inked.current?.();
    signaturePad.addEventListener('endStroke', endStroke);

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
      if (typedShown.current) drawTypedName(element, typed.current);
      else if (strokes.length > 0) signaturePad.fromData(strokes);
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
      signaturePad.removeEventListener('beginStroke', beginStroke);
      signaturePad.removeEventListener('endStroke', endStroke);
      signaturePad.off();
      pad.current = null;
    };
  }, []);

  // The typed name replaces whatever the pad shows; emptying the field leaves a blank pad.
  const shownName = typedName.trim();
  useEffect(() => {
    const signaturePad = pad.current;
    const element = canvas.current;
    if (!signaturePad || !element) return;
    if (shownName === '' && !typedShown.current) return;
    signaturePad.clear();
    typedShown.current = shownName !== '';
    if (typedShown.current) drawTypedName(element, shownName);
  }, [shownName]);

  useEffect(() => {
    if (locked) pad.current?.off();
    else pad.current?.on();
  }, [locked]);

  useImperativeHandle(
    ref,
    () => ({
      isEmpty: () => !typedShown.current && (pad.current?.isEmpty() ?? true),
      clear: () => {
        pad.current?.clear();
        typedShown.current = false;
      },
      toPngBlob: () => new Promise<Blob | null>((resolve) => (canvas.current ? canvas.current.toBlob(resolve, 'image/png') : resolve(null))),
    }),
    [],
  );

  return (
    <canvas
      ref={canvas}
      className={`agreement-canvas${locked ? ' is-locked' : ''}`}
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
    />
  );
}
