import { useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../lib/toast-context';
import { useRecycleBin, useRestoreRecord } from '../api/recycle-bin-api';
import { binErrorText, RECYCLE_KINDS, type RecycleKind, restoredMessage, restoreErrorText } from '../utils/recycle-bin';
import { RecycleBinSection } from './recycle-bin-section';
import { RestoreDialog, type RestoreTarget } from './restore-dialog';
import '../recycle-bin.css';

/** /staff/recycle-bin (ADMIN): deleted loads, vendors and staff accounts, each restorable after a confirmation. */
export function RecycleBinPage() {
  const bin = useRecycleBin();
  const restore = useRestoreRecord();
  const toast = useToast();
  const [target, setTarget] = useState<RestoreTarget | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  function ask(kind: RecycleKind, id: string, name: string) {
    restore.reset();
    setRefusal(null);
    setTarget({ kind, id, name });
  }

  async function confirm() {
    if (!target) return;
    try {
      await restore.mutateAsync({ kind: target.kind, id: target.id });
      toast.success(restoredMessage(target.kind, target.name));
      setTarget(null);
    } catch (error) {
      setRefusal(restoreErrorText(error));
    }
  }

  return (
    <section className="rb-page">
      <header className="rb-page-header">
        <div>
          <h1>Recycle Bin</h1>
          <p className="rb-subtitle">Deleted loads, vendors and staff accounts. Restoring brings a record back as it was when it was deleted.</p>
        </div>
        <button type="button" className="button button-secondary" disabled={bin.isFetching} onClick={() => void bin.refetch()}>
          Refresh
        </button>
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
            <RecycleBinSection key={kind} kind={kind} bin={bin.data} onRestore={ask} />
          ))}
        </div>
      )}

      <RestoreDialog target={target} busy={restore.isPending} error={refusal} onConfirm={() => void confirm()} onClose={() => setTarget(null)} />
    </section>
  );
}
