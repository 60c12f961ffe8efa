// The document columns of the loads table and the categories of the detail page, with the flag each reads.
import type { DocumentFlags } from '@portal/domain/loads/view';

export interface LoadDocumentKind {
  type: 'rate_confirmation' | 'bill_of_lading' | 'invoice' | 'other' | 'photos';
  /** The table's column header. */
  column: string;
  /** The document label the dialog title uses. */
  label: string;
  /** The load's presence flag. */
  flag: keyof DocumentFlags | null;
}

export const LOAD_DOCUMENT_KINDS: readonly LoadDocumentKind[] = [
  { type: 'rate_confirmation', column: 'RateCon', label: 'Rate Confirmation', flag: 'has_rate_confirmation' },
  { type: 'bill_of_lading', column: 'BOL', label: 'Bill of Lading', flag: 'has_bill_of_lading' },
  { type: 'invoice', column: 'Invoice', label: 'Invoice', flag: 'has_invoice' },
  { type: 'other', column: 'Other Docs', label: 'Other Document', flag: 'has_other_documents' },
  { type: 'photos', column: 'Photos', label: 'Photos', flag: 'has_photos' },
];

export const hasDocument = (load: Partial<DocumentFlags>, kind: LoadDocumentKind): boolean => (kind.flag ? load[kind.flag] === true : false);

export const documentCellText = (present: boolean) => (present ? 'YES' : 'MISSING');

