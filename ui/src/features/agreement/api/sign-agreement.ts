import { useMutation } from '@tanstack/react-query';
import { type PositionedAnswer, sendWithPosition } from '../../../lib/api-with-position';

export interface SignAgreementInput {
  /** yyyy-mm-dd */
  date: string;
  signature: File;
}

/** The profile fields the agreement screen reads (the PATCH answers the whole profile). */
export interface AgreementProfile {
  business_name?: string | null;
  legal_name?: string | null;
  carrier_agreement_status?: boolean | null;
  carrier_agreement_date?: string | null;
  carrier_agreement_document_url?: string | null;
}

/** PATCH /api/profiles/vendor/ as multipart: acceptance, the date, and the signature PNG. */
export function signAgreement({ date, signature }: SignAgreementInput): Promise<PositionedAnswer<AgreementProfile>> {
  const body = new FormData();
  body.append('carrier_agreement_status', 'true');
  body.append('carrier_agreement_date', date);
  body.append('carrier_agreement_document', signature, signature.name);
  return sendWithPosition<AgreementProfile>('PATCH', '/profiles/vendor/', body);
}

export function useSignAgreement() {
  return useMutation({ mutationFn: signAgreement });
}
