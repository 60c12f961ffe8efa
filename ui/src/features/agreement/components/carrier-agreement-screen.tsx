import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { usePendingReport } from '../../../lib/pending-report';
import { AGREEMENT_SECTIONS, AGREEMENT_VERSION } from '@portal/domain/vendors/agreement';
import { BusyButton } from '../../../components/busy-button';
import type { PositionedAnswer } from '../../../lib/api-with-position';
import { todayIsoDate } from '../../../lib/calendar-days';
import { useOneAtATime } from '../../../lib/one-at-a-time';
import { type AgreementProfile, useSignAgreement } from '../api/sign-agreement';
import {
  agreementCompanyName,
  formatAgreementDate,
  savedAgreementOf,
  SIGNATURE_REQUIRED,
  SIGNATURE_SAVE_FAILED,
  signatureFile,
} from '../utils/agreement-details';
import { SignatureCanvas, type SignatureCanvasHandle } from './signature-canvas';
import { SignatureOnFile } from './signature-on-file';
import '../agreement.css';

interface CarrierAgreementScreenProps {
  profile: AgreementProfile | null | undefined;
  /** Shown instead of the profile's business or legal name. */
  companyName?: string;
  /** Runs once the signature is stored (the parent reloads the profile). */
  onSaved?(answer: PositionedAnswer<AgreementProfile>): void;
  /** Shows a Cancel button next to the save button. */
  onCancel?(): void;
  /** Extra classes for the screen's section (e.g. to show it as a card). */
  className?: string;
  /** Told whether a signature is drawn or typed and not yet saved (the page asks before it is left). */
  onPendingChange?(pending: boolean): void;
}

export function CarrierAgreementScreen({ profile, companyName, onSaved, onCancel, className, onPendingChange }: CarrierAgreementScreenProps) {
  const titleId = useId();
  const saved = savedAgreementOf(profile);
  const pad = useRef<SignatureCanvasHandle>(null);
  const sign = useSignAgreement();
  const once = useOneAtATime();
  const [signingAgain, setSigningAgain] = useState(false);
  const [savedNow, setSavedNow] = useState<{ url: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The keyboard's way to sign: a typed name, drawn into the pad (signature-canvas.tsx).
  const [typedName, setTypedName] = useState('');
  // Whether the pad holds pen strokes (set at a stroke's end, unset by Clear).
  const [inked, setInked] = useState(false);
  const typedInput = useRef<HTMLInputElement>(null);
  const signatureHeading = useRef<HTMLHeadingElement>(null);
  const signatureSection = useRef<HTMLElement>(null);

  // A signature saved here shows as 'on file' once the reloaded profile carries a new one.
  const savedUrl = saved?.signatureUrl ?? null;
  useEffect(() => {
    if (savedNow && savedUrl !== null && savedUrl !== savedNow.url) {
      setSavedNow(null);
      setSigningAgain(false);
      setTypedName('');
      setInked(false);
    }
  }, [savedUrl, savedNow]);

  const drawing = !saved || signingAgain || savedNow !== null;
  const isSaved = savedNow !== null;
  usePendingReport(drawing && !isSaved && (inked || typedName.trim() !== ''), onPendingChange);
  // The date defaults to today; an agreement on file shows its own.
  const date = !drawing && saved ? saved.date : todayIsoDate();

  // Once saved, the button is the spec's disabled 'Agreement Saved', which drops the keyboard focus: it goes to the
  // Signature heading, which stays while the screen turns to 'Signature on file'.
  useEffect(() => {
    if (!isSaved) return;
    const active = document.activeElement;
    if (!active || active === document.body || signatureSection.current?.contains(active)) signatureHeading.current?.focus();
  }, [isSaved]);

  // Sign Again swaps the signature on file for the pad, and Cancel swaps it back: the control pressed goes with the
  // swap, so the focus moves to where signing goes on (the typed name) or back to Sign Again.
  const [focusAfterSwap, setFocusAfterSwap] = useState<'typed' | 'sign-again' | null>(null);
  useEffect(() => {
    if (focusAfterSwap === null) return;
    setFocusAfterSwap(null);
    if (focusAfterSwap === 'typed') typedInput.current?.focus();
    else signatureSection.current?.querySelector<HTMLElement>('[data-sign-again]')?.focus();
  }, [focusAfterSwap]);

  async function save() {
    // The button stays focusable while saving (aria-disabled), so a second press must do nothing; a double click's
    // second press comes before the button is drawn as saving.
    if (isSaved || !once.begin()) return;
    let started = false;
    try {
      started = await startSaving();
    } finally {
      if (!started) once.end();
    }
  }

  /** Starts the save (true), or says why it cannot (false). */
  async function startSaving(): Promise<boolean> {
    setError(null);
    if (!pad.current || pad.current.isEmpty()) {
      window.alert(SIGNATURE_REQUIRED);
      // Where a keyboard user can sign.
      typedInput.current?.focus();
      return false;
    }
    const file = signatureFile(await pad.current.toPngBlob());
    if (!file) {
      setError(SIGNATURE_SAVE_FAILED);
      return false;
    }
    const urlBefore = saved?.signatureUrl ?? null;
    sign.mutate(
      { date, signature: file },
      {
        onSettled: once.end,
        onSuccess: (answer) => {
          setSavedNow({ url: urlBefore });
          onSaved?.(answer);
        },
        onError: (failure) => {
          console.error('Saving the carrier agreement failed', failure);
          setError(SIGNATURE_SAVE_FAILED);
        },
      },
    );
    return true;
  }

  function clear() {
    pad.current?.clear();
    setInked(false);
    setTypedName('');
    setError(null);
  }

  function typedKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void save();
  }

  const locked = isSaved || sign.isPending;

  return (
    <section className={`agreement-screen${className ? ` ${className}` : ''}`} aria-labelledby={titleId}>
      <header className="agreement-header">
        <h2 id={titleId} className="agreement-title">
          Carrier Agreement
        </h2>
        <p className="agreement-intro">Please review the agreement and sign at the bottom.</p>
        <dl className="agreement-parties">
          <div>
            <dt>Carrier</dt>
            <dd className="agreement-company">{agreementCompanyName(companyName, profile)}</dd>
          </div>
          <div>
            <dt>Date</dt>
            <dd className="agreement-date">{formatAgreementDate(date)}</dd>
          </div>
          <div>
            <dt>Version</dt>
            <dd>{AGREEMENT_VERSION}</dd>
          </div>
        </dl>
      </header>

      <div className="agreement-text" tabIndex={0} role="document" aria-label="Agreement terms">
        {AGREEMENT_SECTIONS.map((section) => (
          <section key={section.title}>
            <h3>{section.title}</h3>
            <p>{section.body}</p>
          </section>
        ))}
      </div>

      <section ref={signatureSection} className="agreement-signature" aria-labelledby={`${titleId}-signature`}>
        <h3 id={`${titleId}-signature`} ref={signatureHeading} tabIndex={-1}>
          Signature
        </h3>
        <p>By signing below, I acknowledge that I have read and agree to the terms outlined in this agreement.</p>

        {!drawing && saved && (
          <SignatureOnFile
            agreement={saved}
            onSignAgain={() => {
              setInked(false);
              setSigningAgain(true);
              setFocusAfterSwap('typed');
            }}
          />
        )}

        {drawing && (
          <>
            <p id={`${titleId}-pad-hint`} className="agreement-hint">
              Draw your signature in the box with a mouse, finger or pen, or type your full name in the field under it.
            </p>
            <div className="agreement-canvas-frame">
              <SignatureCanvas
                ref={pad}
                locked={locked}
                label="Signature pad: draw your signature here"
                describedBy={`${titleId}-pad-hint`}
                typedName={typedName}
                onDrawOverTyped={() => setTypedName('')}
                onInk={() => setInked(true)}
              />
            </div>
            <div className="form-field agreement-typed">
              <label htmlFor={`${titleId}-typed`}>Type your full name to sign</label>
              <input
                ref={typedInput}
                id={`${titleId}-typed`}
                type="text"
                autoComplete="name"
                spellCheck={false}
                value={typedName}
                onChange={(event) => {
                  setTypedName(event.target.value);
                  setError(null);
                }}
                onKeyDown={typedKey}
                // Read-only rather than disabled while saving, so the focus stays here.
                readOnly={locked}
                aria-describedby={`${titleId}-typed-hint`}
              />
              <p id={`${titleId}-typed-hint`} className="agreement-hint">
                Your name is written into the signature box and saved as your signature. Drawing in the box replaces it.
              </p>
            </div>
            <div className="agreement-actions">
              <button type="button" className="agreement-link tap-target" onClick={clear} disabled={locked}>
                Clear Signature
              </button>
              <div className="agreement-buttons">
                {(onCancel || (saved && signingAgain && !isSaved)) && (
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={sign.isPending}
                    onClick={() => {
                      setError(null);
                      if (signingAgain) {
                        setSigningAgain(false);
                        setFocusAfterSwap('sign-again');
                      }
                      setInked(false);
                      onCancel?.();
                    }}
                  >
                    Cancel
                  </button>
                )}
                <BusyButton
                  className="button button-primary"
                  onClick={() => void save()}
                  // Saved: the spec's disabled 'Agreement Saved'. Saving: busy but still focusable (save() ignores it too).
                  disabled={isSaved}
                  busy={sign.isPending}
                >
                  {isSaved ? 'Agreement Saved' : sign.isPending ? 'Saving...' : 'Sign & Save Agreement'}
                </BusyButton>
              </div>
            </div>
          </>
        )}
        {/* The saved signature's own words: the button's 'Agreement Saved' and the heading taking the focus say it to
            a sighted user. */}
        <p className="visually-hidden" role="status">
          {isSaved ? 'Agreement saved.' : ''}
        </p>
        {error && (
          <p className="agreement-error" role="alert">
            {error}
          </p>
        )}
      </section>
    </section>
  );
}
