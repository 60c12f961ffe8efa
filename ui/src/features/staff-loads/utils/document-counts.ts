// The staff detail's Load Documents panel: one count per document type (staff-side.md section 3). Every load answer
// (and every push) carries its counts, so the panel stays live without a call of its own.
import { LOAD_DOCUMENT_TYPES, type LoadDocumentType } from '@portal/domain/loads/fields';
import type { DocumentCounts } from '@portal/domain/loads/view';

/** The load's counts; a type missing (or not a whole number) counts 0. */
export function documentCountsOf(load: { document_counts?: Partial<Record<LoadDocumentType, unknown>> | null }): DocumentCounts {
  const given = load.document_counts ?? {};
  return Object.fromEntries(
    LOAD_DOCUMENT_TYPES.map((type) => {
      const value = given[type];
      return [type, typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0];
    }),
  ) as DocumentCounts;
}
