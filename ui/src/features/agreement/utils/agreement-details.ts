// The carrier agreement screen's pure parts: dates, the company named in it, the saved signature and its file.
import { servedFileUrl } from '../../../lib/served-file-url';

export const SIGNATURE_REQUIRED = 'Please provide a signature before saving.';
export const SIGNATURE_SAVE_FAILED = 'Failed to save your signature. Please try again.';

/** 'November 21, 2026' from '2026-11-21' (a calendar day, so no time zone can move it); other text as given. */
export function formatAgreementDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) return isoDate;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

export interface AgreementParty {
  business_name?: string | null;
  legal_name?: string | null;
}

/** The given name, else business_name, else legal_name, else 'Your Company'. */
export function agreementCompanyName(given: string | null | undefined, profile: AgreementParty | null | undefined): string {
  for (const name of [given, profile?.business_name, profile?.legal_name]) {
    if (name && name.trim() !== '') return name.trim();
  }
  return 'Your Company';
}

export interface AgreementRecord {
  carrier_agreement_status?: boolean | null;
  carrier_agreement_date?: string | null;
  carrier_agreement_document_url?: string | null;
}

export interface SavedAgreement {
  date: string;
  signatureUrl: string;
}

/** An existing agreement counts only with its status, date and signature document together. */
export function savedAgreementOf(profile: AgreementRecord | null | undefined): SavedAgreement | null {
  const signatureUrl = servedFileUrl(profile?.carrier_agreement_document_url);
  if (!profile?.carrier_agreement_status || !profile.carrier_agreement_date || !signatureUrl) return null;
  return { date: profile.carrier_agreement_date, signatureUrl };
}

/** 'signature-1763730000000.png' */
export const signatureFileName = (timestamp: number = Date.now()) => `signature-${timestamp}.png`;

/** The signature as a PNG file named with a timestamp, or null when the canvas produced nothing (never sent). */
export function signatureFile(blob: Blob | null, timestamp: number = Date.now()): File | null {
  if (!blob || blob.size === 0) return null;
  return new File([blob], signatureFileName(timestamp), { type: 'image/png' });
}
