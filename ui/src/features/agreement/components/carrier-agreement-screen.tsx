import { useEffect, useId, useRef, useState } from 'react';
import { AGREEMENT_SECTIONS, AGREEMENT_VERSION } from '@portal/domain/vendors/agreement';
import type { PositionedAnswer } from '../../../lib/api-with-position';
import { todayIsoDate } from '../../../lib/calendar-days';
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
}

export function CarrierAgreementScreen({ profile, companyName, onSaved, onCancel, className }: CarrierAgreementScreenProps) {
  const titleId = useId();
  const saved = savedAgreementOf(profile);
  const pad = useRef<SignatureCanvasHandle>(null);
  const sign = useSignAgreement();
  const [signingAgain, setSigningAgain] = useState(false);
  const [savedNow, setSavedNow] = useState<{ url: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);

  // A signature saved here shows as 'on file' once the reloaded profile carries a new one.
  const savedUrl = saved?.signatureUrl ?? null;
  useEffect(() => {
    if (savedNow && savedUrl !== null && savedUrl !== savedNow.url) {
      setSavedNow(null);
      setSigningAgain(false);
    }
  }, [savedUrl, savedNow]);

  const drawing = !saved || signingAgain || savedNow !== null;
  const isSaved = savedNow !== null;
  // The date defaults to today; an agreement on file shows its own.
  const date = !drawing && saved ? saved.date : todayIsoDate();

  async function save() {
    setError(null);
    if (!pad.current || pad.current.isEmpty()) {
      window.alert(SIGNATURE_REQUIRED);
      return;
    }
    const file = signatureFile(await pad.current.toPngBlob());
    if (!file) {
      setError(SIGNATURE_SAVE_FAILED);
      return;
    }
    const urlBefore = saved?.signatureUrl ?? null;
    sign.mutate(
      { date, signature: file },
      {
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
  }

  function clear() {
    pad.current?.clear();
    setError(null);
  }

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

      <section className="agreement-signature" aria-labelledby={`${titleId}-signature`}>
        <h3 id={`${titleId}-signature`}>Signature</h3>
        <p>By signing below, I acknowledge that I have read and agree to the terms outlined in this agreement.</p>

        {!drawing && saved && <SignatureOnFile agreement={saved} onSignAgain={() => setSigningAgain(true)} />}

        {drawing && (
          <>
            <div className="agreement-canvas-frame">
              <SignatureCanvas ref={pad} locked={isSaved || sign.isPending} label="Signature pad: draw your signature here" />
            </div>
            <div className="agreement-actions">
              <button type="button" className="agreement-link" onClick={clear} disabled={isSaved || sign.isPending}>
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
                      if (signingAgain) setSigningAgain(false);
                      onCancel?.();
                    }}
                  >
                    Cancel
                  </button>
                )}
                <button
                  type="button"
                  className="button button-primary"
                  onClick={() => void save()}
                  disabled={isSaved || sign.isPending}
                  aria-busy={sign.isPending}
                >
                  {isSaved ? 'Agreement Saved' : sign.isPending ? 'Saving...' : 'Sign & Save Agreement'}
                </button>
              </div>
            </div>
          </>
        )}
        {error && (
          <p className="agreement-error" role="alert">
            {error}
          </p>
        )}
      </section>
    </section>
  );
}
