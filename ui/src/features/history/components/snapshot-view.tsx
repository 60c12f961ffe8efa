import { StatusBadge } from '../../../components/status-badge';
import type { SnapshotGroup } from '../utils/snapshot';

/** A record laid out read-only: one titled block of label/value pairs per group. */
export function SnapshotView({ groups }: { groups: SnapshotGroup[] }) {
  return (
    <div className="hist-snapshot">
      {groups.map((group) => (
        <section key={group.title} className="hist-snapshot-group" aria-label={group.title}>
          <h3>{group.title}</h3>
          <dl className="hist-snapshot-fields">
            {group.rows.map((row) => (
              <div key={row.label} className="hist-snapshot-field">
                <dt>{row.label}</dt>
                <dd className={row.empty ? 'is-empty' : undefined}>
                  {row.tone ? <StatusBadge tone={row.tone}>{row.value}</StatusBadge> : row.value}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
