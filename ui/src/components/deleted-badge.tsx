import './deleted-badge.css';

/** "Deleted", on a record that is (or was at that point) deleted: the as-of view, the ADMIN's payments log. */
export function DeletedBadge({ className, title }: { className?: string; title?: string }) {
  return (
    <span className={className ? `deleted-badge ${className}` : 'deleted-badge'} title={title}>
      Deleted
    </span>
  );
}
