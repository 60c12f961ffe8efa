import { useEffect, useRef, useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { Spinner } from '../../../components/spinner';
import { useRecycleBinPushed } from '../../../lib/live-changes';
import { scrollIntoViewGently } from '../../../lib/motion';
import { useOneAtATime } from '../../../lib/one-at-a-time';
import { useToast } from '../../../lib/toast-context';
import { RecordHistoryPanel } from '../../history/components/record-history-panel';
import { useFollowChanges } from '../../history/hooks/use-follow-changes';
import { RECYCLE_BIN_KEY, useRecycleBin, useRestoreRecord } from '../api/recycle-bin-api';
import { binErrorText, HISTORY_KIND_OF, historyTitle, RECYCLE_HISTORY_ID, RECYCLE_KINDS, type RecycleKind, restoredMessage, restoreErrorText } from '../utils/recycle-bin';
import { RecycleBinSection } from './recycle-bin-section';
import { RestoreDialog, type RestoreTarget } from './restore-dialog';
import '../recycle-bin.css';

/**
 * /staff/recycle-bin (ADMIN): deleted loads, vendors and staff accounts, each restorable after a confirmation. Any of
 * them opens its history below the lists; a deleted load's or vendor's history views it as of each change.
 */
export function RecycleBinPage() {
  const bin = useRecycleBin();
  // Loads, vendors and staff accounts deleted or restored elsewhere are pushed (loads as load changes): the bin re-reads.
  useFollowChanges(RECYCLE_BIN_KEY, useRecycleBinPushed(), { minIntervalMs: 2_000 });
  const restore = useRestoreRecord();
  const toast = useToast();
  const [target, setTarget] = useState<RestoreTarget | null>(null);
  const once = useOneAtATime();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [history, setHistory] = useState<RestoreTarget | null>(null);
  const historyRef = useRef<HTMLDivElement>(null);
  const pageRef = useRef<HTMLElement>(null);
  // Where the keyboard focus goes once a restored row (and the button that opened the dialog) has left the page.
  const [focusAfterRestore, setFocusAfterRestore] = useState<string | null>(null);

  useEffect(() => {
    if (!focusAfterRestore || target) return;
    pageRef.current?.querySelector<HTMLElement>(focusAfterRestore)?.focus();
    setFocusAfterRestore(null);
  }, [focusAfterRestore, target]);

  useEffect(() => {
    if (!history) return;
    // Below every section, far from the button that opened it: the focus goes to its heading, so the keyboard and a
    // screen reader are where it opened (Close history brings them back).
    scrollIntoViewGently(historyRef.current, { block: 'start' });
    historyRef.current?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  }, [history]);

  function closeHistory() {
    if (!history) return;
    const opener = `[data-history="${CSS.escape(`${history.kind}:${history.id}`)}"]`;
    setHistory(null);
    pageRef.current?.querySelector<HTMLElement>(opener)?.focus();
  }

  function showHistory(kind: RecycleKind, id: string, name: string) {
    // The same row's button again closes it.
    setHistory((open) => (open?.kind === kind && open.id === id ? null : { kind, id, name }));
  }

  function ask(kind: RecycleKind, id: string, name: string) {
    restore.reset();
    setRefusal(null);
    setTarget({ kind, id, name });
  }

  async function confirm() {
    if (!target || !once.begin()) return;
    try {
      await restoreTarget(target);
    } finally {
      once.end();
    }
  }

  async function restoreTarget(target: RestoreTarget) {
    // The next row's Restore button (the previous one's for the last row), or the section's heading when none is left.
    const buttons = [...(pageRef.current?.querySelectorAll<HTMLElement>(`[data-restore^="${target.kind}:"]`) ?? [])];
    const at = buttons.findIndex((button) => button.dataset.restore === `${target.kind}:${target.id}`);
    const neighbour = buttons[at + 1] ?? buttons[at - 1];
    const focusTo = neighbour ? `[data-restore="${CSS.escape(neighbour.dataset.restore!)}"]` : `[data-recycle-heading="${target.kind}"]`;
    try {
      await restore.mutateAsync({ kind: target.kind, id: target.id });
      setFocusAfterRestore(focusTo);
      toast.success(restoredMessage(target.kind, target.name));
      // Restored, it has left the bin: its history is on its own page again.
      if (history?.kind === target.kind && history.id === target.id) setHistory(null);
      setTarget(null);
    } catch (error) {
      setRefusal(restoreErrorText(error));
    }
  }

  return (
    <section className="rb-page" ref={pageRef}>
      <header className="rb-page-header">
        <div>
          <h1>Recycle Bin</h1>
          <p className="rb-subtitle">Deleted loads, vendors and staff accounts. Restoring brings a record back as it was when it was deleted.</p>
        </div>
        {/* Busy, not disabled, while fetching: the focus stays on Refresh. */}
        <BusyButton className="button button-secondary" busy={bin.isFetching} onClick={() => void bin.refetch()}>
          Refresh
        </BusyButton>
      </header>

      {bin.isPending ? (
        <div className="rb-state">
          <Spinner size="lg" label="Loading the recycle bin" />
        </div>
      ) : bin.isError ? (
        <p className="rb-error" role="alert">
          {binErrorText(bin.error)}
        </p>
      ) : (
        <div className="rb-sections">
          {RECYCLE_KINDS.map((kind) => (
            <RecycleBinSection
              key={kind}
              kind={kind}
              bin={bin.data}
              historyOpenFor={history?.kind === kind ? history.id : null}
              onHistory={showHistory}
              onRestore={ask}
            />
          ))}
        </div>
      )}

      {history && (
        <div className="rb-history" id={RECYCLE_HISTORY_ID} ref={historyRef}>
          <RecordHistoryPanel key={`${history.kind}:${history.id}`} kind={HISTORY_KIND_OF[history.kind]} id={history.id} title={historyTitle(history.kind, history.name)} />
          <div className="rb-history-actions">
            <button type="button" className="button button-secondary" onClick={closeHistory}>
              Close history
            </button>
          </div>
        </div>
      )}

      <RestoreDialog target={target} busy={restore.isPending} error={refusal} onConfirm={() => void confirm()} onClose={() => setTarget(null)} />
    </section>
  );
}
