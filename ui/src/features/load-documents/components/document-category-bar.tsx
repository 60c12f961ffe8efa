import { LOAD_DOCUMENT_LABELS, LOAD_DOCUMENT_SHORT_LABELS, LOAD_DOCUMENT_TYPES, type LoadDocumentType } from '@portal/domain/loads/fields';

interface DocumentCategoryBarProps {
  /** The load's `document_counts`; a type missing counts 0. */
  counts: Partial<Record<LoadDocumentType, number>> | null | undefined;
  onOpen(type: LoadDocumentType): void;
  /** Short labels (BOL, POD, Rate Con) for narrow places. */
  compact?: boolean;
  /** Viewing only: says so in each button's hint. */
  viewOnly?: boolean;
}

const countOf = (counts: DocumentCategoryBarProps['counts'], type: LoadDocumentType) => {
  const value = counts?.[type];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
};

/** Every load document type with its count; each opens the document dialog for that type. */
export function DocumentCategoryBar({ counts, onOpen, compact = false, viewOnly = false }: DocumentCategoryBarProps) {
  return (
    <ul className={`ld-categories${compact ? ' is-compact' : ''}`}>
      {LOAD_DOCUMENT_TYPES.map((type) => {
        const count = countOf(counts, type);
        const label = LOAD_DOCUMENT_LABELS[type];
        const shown = compact ? LOAD_DOCUMENT_SHORT_LABELS[type] : label;
        return (
          <li key={type}>
            <button
              type="button"
              className="ld-category"
              title={`${label}: ${viewOnly ? 'view' : 'view and upload'}`}
              // The name starts with what the button shows ("BOL 0"), so a voice user saying it finds the button.
              aria-label={compact ? `${shown} ${count}, ${label}: ${count}` : `${label}: ${count}`}
              onClick={() => onOpen(type)}
            >
              <span className="ld-category-label">{shown}</span>
              {/* A space between the two, so the text read from the button is "BOL 0", not "BOL0" (label in name). */}{' '}
              <span className={`ld-category-count${count > 0 ? ' has-documents' : ''}`}>{count}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
