/** The load screens' notices: an experimental page, and (on the detail) demo data models. */
export function ExperimentalBanner({ demoModels = true }: { demoModels?: boolean }) {
  return (
    <div className="notice-stack">
      <div className="notice notice-info" role="note">
        <strong>Experimental Feature</strong>
        <span>This page&apos;s behaviour is subject to change and is a starting point for a development conversation.</span>
      </div>
      {demoModels && (
        <div className="notice notice-warning" role="note">
          <strong>Demo data models</strong>
          <span>The load data models shown here are demo only and need discussion.</span>
        </div>
      )}
    </div>
  );
}
