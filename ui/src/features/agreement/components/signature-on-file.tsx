import { useId } from 'react';
import { formatAgreementDate, type SavedAgreement } from '../utils/agreement-details';

interface SignatureOnFileProps {
  agreement: SavedAgreement;
  onSignAgain(): void;
}

export function SignatureOnFile({ agreement, onSignAgain }: SignatureOnFileProps) {
  const titleId = useId();
  return (
    <div className="agreement-on-file" role="group" aria-labelledby={titleId}>
      <h4 id={titleId}>Signature on file</h4>
      <img className="agreement-on-file-image" src={agreement.signatureUrl} alt="Your saved signature" />
      <div className="agreement-on-file-footer">
        <span>Signed on {formatAgreementDate(agreement.date)}</span>
        <button type="button" className="agreement-link tap-target" onClick={onSignAgain} data-sign-again>
          Sign Again
        </button>
      </div>
    </div>
  );
}
