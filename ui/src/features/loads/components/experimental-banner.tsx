/** The load detail's notices: an experimental page, on demo data models. */
export function ExperimentalBanner() {
  return (
    <div className="notice-stack">
      <div className="notice notice-info" role="note">
        <strong>Experimental Feature</strong>
        <span>This page&apos;s behaviour is subject to change and is a starting point for a development conversation.</span>
      </div>
      <div className="notice notice-warning" role="note">
        <strong>Demo data models</strong>
        <span>The load data models shown here are demo only and need discussion.</span>
      </div>
    </div>
  );
}
