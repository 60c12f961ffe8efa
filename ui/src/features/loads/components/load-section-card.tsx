import type { LoadSection } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import { useEffect, useRef, useState } from 'react';
import { useFocusBackOnClose } from '../../../lib/focus';
import { NOT_SET } from '../../../lib/format-date';
import { usePermissionNotice } from '../hooks/use-permission-notice';
import { formatFieldValue } from '../utils/field-display';
import { sectionEditLost, sectionEditRefusal } from '../utils/load-capabilities';
import { LOAD_GONE_MESSAGES } from '../utils/load-messages';
import { SECTION_FIELDS, SECTION_TITLES } from '../utils/section-fields';
import { SectionEditForm } from './section-edit-form';

interface LoadSectionCardProps {
  load: LoadView;
  section: LoadSection;
  editing: boolean;
  /** Another section is being edited: one at a time. */
  locked: boolean;
  /** The user's tier may edit this section (vendors may edit all of their own). */
  canEdit?: boolean;
  /** The load was deleted while shown: the pencil says so; an open form stays, unable to save. */
  gone?: boolean;
  onEdit(): void;
  onClose(): void;
}

export function LoadSectionCard({ load, section, editing, locked, canEdit = true, gone = false, onEdit, onClose }: LoadSectionCardProps) {
  const title = SECTION_TITLES[section];
  const refusal = gone ? LOAD_GONE_MESSAGES.pencil : sectionEditRefusal(section);
  const usable = canEdit && !gone;
  const notice = usePermissionNotice();
  const pencil = useRef<HTMLButtonElement>(null);
  // The form closed (Cancel, Save Changes, 'No changes detected.') and took the focus with it: back to this pencil.
  useFocusBackOnClose(editing, pencil);
  // The user's tier changed under an open form (pushed, without a reload) and no longer lets them edit here: the form
  // closes, saying so, rather than vanishing with what was typed (and opening again, emptied, if the tier came back).
  const [lost, setLost] = useState(false);
  useEffect(() => {
    if (canEdit) {
      // Allowed again: the words would no longer be true.
      setLost(false);
      return;
    }
    if (!editing) return;
    setLost(true);
    onClose();
  }, [editing, canEdit, onClose]);

  return (
    <section className={`card load-section${editing ? ' is-editing' : ''}`} aria-label={title}>
      <header className="load-section-header">
        <h2>{title}</h2>
        {!editing && (
          <button
            ref={pencil}
            type="button"
            className={`icon-button${usable ? '' : ' is-refused'}`}
            aria-label={`Edit ${title}`}
            // Refused pencils stay focusable and say why when pressed, rather than silently doing nothing.
            aria-disabled={usable ? undefined : true}
            title={!usable ? refusal : locked ? 'Finish editing the other section first' : `Edit ${title}`}
            disabled={usable && locked}
            onClick={() => {
              setLost(false);
              if (usable) onEdit();
              else notice.show(refusal);
            }}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                fill="currentColor"
                d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zm17.71-10.21a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z"
              />
            </svg>
          </button>
        )}
      </header>
      {lost && (
        <p className="permission-notice section-permission-notice" role="alert">
          {sectionEditLost(title)}
        </p>
      )}
      {notice.message && (
        <p className="permission-notice section-permission-notice" role="status">
          {notice.message}
        </p>
      )}
      {editing && canEdit ? (
        <SectionEditForm load={load} section={section} onClose={onClose} gone={gone} />
      ) : (
        <dl className="section-grid">
          {SECTION_FIELDS[section].map((spec) => {
            const text = formatFieldValue(spec, load[spec.name]);
            return (
              <div key={spec.name} className={`section-value${spec.kind === 'textarea' ? ' section-field-wide' : ''}`}>
                <dt>{spec.label}</dt>
                <dd className={text === NOT_SET ? 'is-empty' : undefined}>{text}</dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}
