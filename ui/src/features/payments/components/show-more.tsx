/** Under a long table: how many rows are drawn of how many, and a button that draws `step` more. */
export function ShowMore({ shown, total, step, onMore }: { shown: number; total: number; step: number; onMore(): void }) {
  if (total <= shown) return null;
  return (
    <div className="pay-more">
      <span>
        Showing {shown.toLocaleString('en-US')} of {total.toLocaleString('en-US')}
      </span>
      <button type="button" className="button button-secondary" onClick={onMore}>
        Show {Math.min(step, total - shown).toLocaleString('en-US')} more
      </button>
    </div>
  );
}
