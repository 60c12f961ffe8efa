import type { HistoryEntry } from '../api/history-api';
import { actorParts, eventTypeLabel, formatAuditTime } from '../utils/audit-format';
import { changeName, HISTORY_MESSAGES } from '../utils/history-messages';

interface HistoryEntryItemProps {
  entry: HistoryEntry;
  /** Present for records that can be viewed as they were (loads and vendors). */
  onViewAsOf?: (entry: HistoryEntry) => void;
}

/** One change: when, who, and the server's summary lines. */
export function HistoryEntryItem({ entry, onViewAsOf }: HistoryEntryItemProps) {
  const actor = actorParts(entry.actor);
  const lines = entry.summary.length > 0 ? entry.summary : [eventTypeLabel(entry.event_type)];
  return (
    <li className="hist-entry">
      <div className="hist-entry-meta">
        <time className="hist-entry-time" dateTime={entry.at}>
          {formatAuditTime(entry.at)}
        </time>
        <span className="hist-entry-actor">
          <strong>{actor.name}</strong>
          {actor.role && <span className="hist-role">{actor.role}</span>}
        </span>
        <span className="hist-entry-number" title={`Event type: ${entry.event_type}`}>
          {changeName(entry)}
        </span>
      </div>
      <ul className="hist-summary">
        {lines.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
      {onViewAsOf && (
        // Named after its change too: every entry has one, and out of context (a screen reader's list of buttons) they
        // could not be told apart.
        <button type="button" className="hist-link-button tap-target" aria-label={`${HISTORY_MESSAGES.viewAsOf}: ${changeName(entry)}, ${formatAuditTime(entry.at)}`} onClick={() => onViewAsOf(entry)}>
          {HISTORY_MESSAGES.viewAsOf}
        </button>
      )}
    </li>
  );
}
