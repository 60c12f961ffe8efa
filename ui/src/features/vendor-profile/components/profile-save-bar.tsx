import { type RefObject, useEffect, useRef } from 'react';
import { BusyButton } from '../../../components/busy-button';

interface ProfileSaveBarProps {
  complete: boolean;
  saving: boolean;
  formId: string;
  /** Why the last save did not go through: shown here too (above the spec's status), since the page has scrolled away from its banner. */
  problem?: string | null;
  /** Documents chosen but not uploaded, said after a save (the save does not send them): one line each. */
  unsentNotices?: readonly string[];
}

/** Room kept between a focused control and the top of the bar, in CSS pixels. */
const FOCUS_CLEARANCE_PX = 16;

/**
 * While the bar is fixed over the bottom of the viewport, the page's scroll padding reserves its height, so whatever
 * the keyboard focuses (or anything scrolled into view) stops above the bar rather than behind it (WCAG 2.4.11).
 * Short viewports (400% zoom) show the bar at the page's end instead (vendor-profile.css), and reserve nothing.
 */
function useScrollPaddingFor(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const before = root.style.scrollPaddingBottom;
    const fit = () => {
      const fixed = getComputedStyle(element).position === 'fixed';
      root.style.scrollPaddingBottom = fixed ? `${Math.ceil(element.getBoundingClientRect().height) + FOCUS_CLEARANCE_PX}px` : before;
    };
    fit();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(fit) : null;
    observer?.observe(element);
    // Crossing the short-viewport breakpoint changes the bar's position without always resizing it.
    window.addEventListener('resize', fit);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', fit);
      root.style.scrollPaddingBottom = before;
    };
  }, [bar]);
}

/** Fixed to the bottom of the viewport (at the page's end on short screens): the profile's status and the save button of the form above. */
export function ProfileSaveBar({ complete, saving, formId, problem, unsentNotices = [] }: ProfileSaveBarProps) {
  const bar = useRef<HTMLDivElement>(null);
  useScrollPaddingFor(bar);
  return (
    <div className="vp-save-bar" ref={bar}>
      {unsentNotices.length > 0 && (
        <div className="vp-save-unsent" role="alert">
          {unsentNotices.map((notice) => (
            <p key={notice}>{notice}</p>
          ))}
        </div>
      )}
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
        {/* Busy, not disabled, while saving: a disabled button would drop the keyboard focus to the page (the form ignores a second submit too). */}
        <BusyButton type="submit" form={formId} className="button button-primary" busy={saving}>
          {saving ? 'Saving...' : 'Save Profile'}
        </BusyButton>
      </div>
    </div>
  );
}
