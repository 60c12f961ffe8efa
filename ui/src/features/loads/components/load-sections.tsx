import { useState } from 'react';
import type { LoadSection } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import type { LoadCapabilities } from '../utils/load-capabilities';
import { SECTION_FIELDS } from '../utils/section-fields';
import { LoadSectionCard } from './load-section-card';

const SECTIONS = Object.keys(SECTION_FIELDS) as LoadSection[];

/** The five sections of a load, edited one at a time, each pencil gated by the user's capabilities. */
export function LoadSections({ load, canEdit }: { load: LoadView; canEdit?: LoadCapabilities['editSection'] }) {
  const [editing, setEditing] = useState<LoadSection | null>(null);
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
          onEdit={() => setEditing(section)}
          onClose={() => setEditing(null)}
        />
      ))}
    </div>
  );
}
