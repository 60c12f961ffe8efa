import { useEffect, useId, useRef, useState } from 'react';
import { COPY_CONFIRMATION_MS, galleryShareUrl } from '../utils/gallery-share';

type CopyState = 'idle' | 'copied' | 'failed';

/** The load's public photo gallery link with a Copy button ('Copied!' for 3 s). */
export function GallerySharePanel({ loadId }: { loadId: string }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [state, setState] = useState<CopyState>('idle');
  const url = galleryShareUrl(window.location.origin, loadId);

  useEffect(() => () => clearTimeout(timer.current), []);

  function show(next: CopyState) {
    clearTimeout(timer.current);
    setState(next);
    timer.current = setTimeout(() => setState('idle'), COPY_CONFIRMATION_MS);
  }

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard API');
      await navigator.clipboard.writeText(url);
      show('copied');
    } catch (error) {
      // Refused (no permission, insecure page): the link is selected so the user can copy it themselves.
      console.warn('Copying the gallery link failed', error);
      input.current?.select();
      show('failed');
    }
  }

  return (
    <section className="ld-share" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} className="ld-share-title">
        Share Photos
      </h3>
      <p className="ld-muted ld-share-note">Anyone with this link can view this load&apos;s photos, without signing in.</p>
      <div className="ld-share-row">
        <label className="visually-hidden" htmlFor={inputId}>
          Photo gallery link
        </label>
        <input ref={input} id={inputId} className="ld-share-link" type="text" readOnly value={url} onFocus={(event) => event.target.select()} />
        <button type="button" className="button button-primary ld-share-copy" onClick={() => void copy()}>
          {state === 'copied' ? 'Copied!' : 'Copy'}
        </button>
      </div>
      <p className="ld-share-status" role="status">
        {state === 'copied' ? 'Link copied to the clipboard.' : state === 'failed' ? 'Press Ctrl+C (⌘C) to copy the selected link.' : ''}
      </p>
    </section>
  );
}
