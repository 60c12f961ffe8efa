interface ProfileSaveBarProps {
  complete: boolean;
  saving: boolean;
  formId: string;
  /** Why the last save did not go through: shown here too (above the spec's status), since the page has scrolled away from its banner. */
  problem?: string | null;
}

/** Fixed to the bottom of the viewport: the profile's status and the save button of the form above. */
export function ProfileSaveBar({ complete, saving, formId, problem }: ProfileSaveBarProps) {
  return (
    <div className="vp-save-bar">
      <div className="vp-save-bar-inner">
        <div className="vp-save-messages">
          {problem && <p className="vp-save-status is-problem">{problem}</p>}
          <p className={`vp-save-status${complete ? ' is-complete' : ''}`} role="status">
            {complete ? (
              <>
                <span aria-hidden="true">✓ </span>
                <span>Profile Complete</span>
              </>
            ) : (
              'Complete all sections to activate your profile'
            )}
          </p>
        </div>
        <button type="submit" form={formId} className="button button-primary" disabled={saving} aria-busy={saving}>
          {saving ? 'Saving...' : 'Save Profile'}
        </button>
      </div>
    </div>
  );
}
