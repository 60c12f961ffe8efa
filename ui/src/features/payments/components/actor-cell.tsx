import { actorParts, type AuditActor } from '../../history/utils/audit-format';

/** Who made a change: the username with the tier under it, or 'System'. */
export function ActorCell({ actor }: { actor: AuditActor | null }) {
  const { name, role } = actorParts(actor);
  return (
    <>
      <span className="pay-actor">{name}</span>
      {role && <span className="pay-secondary-line">{role}</span>}
    </>
  );
}
