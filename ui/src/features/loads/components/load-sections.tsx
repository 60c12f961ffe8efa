import { useState } from 'react';
import type { LoadSection } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import type { LoadCapabilities } from '../utils/load-capabilities';
import { SECTION_FIELDS } from '../utils/section-fields';
import { useRestoredDraft } from '../../../lib/drafts';
import { LoadSectionCard } from './load-section-card';
import { type SectionDraft, sectionDraftKey } from './section-edit-form';

const SECTIONS = Object.keys(SECTION_FIELDS) as LoadSection[];

/**
 * The five sections of a load, edited one at a time, each pencil gated by the user's capabilities. `gone`: the load was
 * deleted while shown (use-shown-load): no section opens, and one open keeps what was typed but cannot save it.
 */
export function LoadSections({ load, canEdit, gone = false }: { load: LoadView; canEdit?: LoadCapabilities['editSection']; gone?: boolean }) {
  // A section whose edit was kept when the session ended (lib/drafts.ts) opens in edit mode again.
  const draft = useRestoredDraft<SectionDraft>(sectionDraftKey(load.id));
  const [editing, setEditing] = useState<LoadSection | null>(() => (draft && (canEdit?.[draft.section] ?? true) ? draft.section : null));
  return (
    <div className="load-sections">
      {SECTIONS.map((section) => (
        <LoadSectionCard
          key={section}
          load={load}
          section={section}
          editing={editing === section}
          locked={editing !== null && editing !== section}
          canEdit={canEdit?.[section] ?? true}
          gone={gone}
          onEdit={() => setEditing(section)}
          onClose={() => setEditing(null)}
        />
      ))}
    </div>
  );
}
