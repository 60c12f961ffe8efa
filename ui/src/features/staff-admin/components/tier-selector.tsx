import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { STAFF_TIERS, type StaffTier } from '@portal/domain/staff/events';
import { BusyButton } from '../../../components/busy-button';
import { Modal } from '../../../components/modal';
import { staffTierLabel } from '../../../lib/staff-tier';
import { serverDetail } from '../utils/server-detail';
import { useDismiss } from '../../../lib/dismiss';
import { STAFF_ACCOUNT_MESSAGES } from '../utils/staff-admin-messages';
import type { TierChangeQuestion } from '../utils/tier-change';
import { TierBadge } from './tier-badge';

interface TierSelectorProps {
  tier: StaffTier;
  /** Rejects when the server refuses; the selector then shows why. */
  onChange(tier: StaffTier): Promise<unknown>;
  updating: boolean;
  /** A change to ask about first (tier-change.ts); null: made on the press. */
  question?(tier: StaffTier): TierChangeQuestion | null;
}

/** The tier badge as a control: a dropdown of the four tiers with a check mark on the current one. */
export function TierSelector({ tier, onChange, updating, question }: TierSelectorProps) {
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState<{ tier: StaffTier; question: TierChangeQuestion } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Said once a change is saved: the button's new name alone was not announced (it keeps the focus).
  const [said, setSaid] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();

  // Opened: the focus goes to the current tier's item, as a menu button's does.
  useEffect(() => {
    if (open) items.current[Math.max(0, STAFF_TIERS.indexOf(tier))]?.focus();
  }, [open, tier]);

  // A click elsewhere closes the menu; Escape closes it and gives the focus back to the button.
  useDismiss(open, root, (by) => {
    setOpen(false);
    if (by === 'escape') button.current?.focus();
  });

  /** Arrow keys move between the tiers (round the ends), Home and End to the first and last; Tab leaves the menu. */
  function moveInMenu(event: ReactKeyboardEvent) {
    const count = STAFF_TIERS.length;
    const at = items.current.findIndex((item) => item === document.activeElement);
    const to = { ArrowDown: (at + 1) % count, ArrowUp: (at - 1 + count) % count, Home: 0, End: count - 1 }[event.key];
    if (event.key === 'Tab') setOpen(false);
    if (to === undefined) return;
    event.preventDefault();
    items.current[to]?.focus();
  }

  async function choose(next: StaffTier, asked = false) {
    setOpen(false);
    button.current?.focus();
    // The current tier: nothing to change, no call (staff-side.md section 4).
    if (next === tier) return;
    const ask = asked ? null : (question?.(next) ?? null);
    if (ask) {
      setAsking({ tier: next, question: ask });
      return;
    }
    setError(null);
    setSaid('');
    try {
      await onChange(next);
      setSaid(`Tier changed to ${staffTierLabel(next)}.`);
    } catch (failure) {
      setError(serverDetail(failure) ?? STAFF_ACCOUNT_MESSAGES.tierFailedSelector);
    }
  }

  return (
    <div className="sa-tier-selector" ref={root}>
      {/* Busy (aria-disabled), not disabled, while the change is saved: choose() has just put the focus here. */}
      <BusyButton
        ref={button}
        className="sa-tier-button"
        title={STAFF_ACCOUNT_MESSAGES.changeTier}
        aria-label={`Tier: ${staffTierLabel(tier)}. ${STAFF_ACCOUNT_MESSAGES.changeTier}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        busy={updating}
        onClick={() => setOpen((current) => !current)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          if (!updating) setOpen(true);
        }}
      >
        {updating ? <span className="sa-tier">{STAFF_ACCOUNT_MESSAGES.updating}</span> : <TierBadge tier={tier} />}
        <span className="sa-tier-caret" aria-hidden="true">
          ▼
        </span>
      </BusyButton>
      {tier === 'PENDING' && !updating && <span className="sa-tier-hint">{STAFF_ACCOUNT_MESSAGES.assignTier}</span>}
      {open && (
        <ul className="sa-tier-menu" id={menuId} role="menu" aria-label="Staff tier" onKeyDown={moveInMenu}>
          {STAFF_TIERS.map((option, index) => (
            <li key={option} role="none">
              <button
                ref={(item) => {
                  items.current[index] = item;
                }}
                type="button"
                tabIndex={-1}
                role="menuitemradio"
                aria-checked={option === tier}
                className="sa-tier-option"
                onClick={() => void choose(option)}
              >
                <TierBadge tier={option} />
                <span className="sa-tier-check" aria-hidden="true">
                  {option === tier ? '✓' : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {error && (
        <p className="sa-inline-error" role="alert">
          {error}
        </p>
      )}
      <Modal
        open={asking !== null}
        title={asking?.question.title}
        size="sm"
        onClose={() => {
          setAsking(null);
          button.current?.focus();
        }}
        footer={
          <>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setAsking(null);
                button.current?.focus();
              }}
            >
              Cancel
            </button>
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                const next = asking!.tier;
                setAsking(null);
                void choose(next, true);
              }}
            >
              {asking?.question.confirmLabel}
            </button>
          </>
        }
      >
        <p>{asking?.question.message}</p>
      </Modal>
    </div>
  );
}
