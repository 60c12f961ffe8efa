import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BusyButton } from '../../../components/busy-button';
import { PAGE_REFUSED, RefusalRedirect } from '../../../components/refusal-redirect';
import { Spinner } from '../../../components/spinner';
import { useSession } from '../../../lib/auth/current-user';
import { usePaymentsPushed } from '../../../lib/live-changes';
import { useToast } from '../../../lib/toast-context';
import { ApiError } from '../../../lib/api-client';
import { describeErrorBody } from '../../../lib/error-messages';
import { useFollowChanges } from '../../history/hooks/use-follow-changes';
import { serverDetail } from '../../history/utils/history-messages';
import { getPaymentsCsv, paymentKeys, paymentsLogQueryOptions, useVendorChoiceSource } from '../api/payments-api';
import { canViewPayments } from '../utils/payments-access';
import { csvFileName, filtersFromSearch, filtersProblem, filtersToSearch, hasFilters, type PaymentsFilters } from '../utils/payments-filters';
import { vendorChoices } from '../utils/payments-log';
import { saveTextFile } from '../utils/save-file';
import { AwaitingPaymentPanel } from './awaiting-payment-panel';
import { PaymentsFilterBar } from './payments-filter-bar';
import { PaymentsLogTable } from './payments-log-table';
import '../payments.css';

/** /staff/payments (ACCOUNTING and ADMIN; other staff go to /staff/dashboard, like the ADMIN-only routes). */
export function PaymentsPage() {
  const { user } = useSession();
  const allowed = canViewPayments(user?.staff_profile?.tier);
  if (!allowed) {
    return (
      <RefusalRedirect from="/staff/payments" to="/staff/dashboard" reason={`staff tier ${user?.staff_profile?.tier ?? 'none'}`} notice={user?.staff_profile ? PAGE_REFUSED : undefined} />
    );
  }
  return <PaymentsLog />;
}

function logErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return 'You do not have permission to view payments.';
  return (error instanceof ApiError && describeErrorBody(error.body)) || 'Failed to load the payments log.';
}

function PaymentsLog() {
  const toast = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(searchParams), [searchParams]);
  const problem = filtersProblem(filters);
  const log = useQuery({ ...paymentsLogQueryOptions(filters), enabled: problem === null, placeholderData: keepPreviousData });
  // Read again (up to 5,000 rows, at most every 2 s) when the server says the log changed (payment facts added by
  // anyone, a load deleted or restored) or after a resync; not at every load change, which made the page stutter
  // while dispatch edited loads.
  useFollowChanges(paymentKeys.logs(), usePaymentsPushed(), { minIntervalMs: 2_000 });
  const vendorSource = useVendorChoiceSource();
  const vendors = useMemo(() => vendorChoices(vendorSource.data ?? []), [vendorSource.data]);
  const [exporting, setExporting] = useState(false);

  // A change applies on top of the last one asked for until the address has it: two fields committed one after the
  // other before the page re-renders (the From date's blur, then the To date's) keep both, where the second used to
  // start again from this render's filters and drop the first.
  const asked = useRef<{ at: URLSearchParams; filters: PaymentsFilters } | null>(null);
  const changeFilters = (patch: Partial<PaymentsFilters>) => {
    const base = asked.current?.at === searchParams ? asked.current.filters : filters;
    const next = { ...base, ...patch };
    asked.current = { at: searchParams, filters: next };
    setSearchParams(filtersToSearch(next), { replace: true });
  };

  async function exportCsv() {
    setExporting(true);
    try {
      const vendorUsername = vendorSource.data?.find((vendor) => vendor.id === filters.vendor)?.username;
      saveTextFile(await getPaymentsCsv(filters), csvFileName(filters, vendorUsername));
    } catch (error) {
      toast.error(`Export failed: ${serverDetail(error) ?? 'the CSV could not be downloaded.'}`);
    } finally {
      setExporting(false);
    }
  }

  const entries = log.data?.entries ?? [];
  return (
    <section className="pay-page">
      <header className="pay-page-header">
        <div>
          <h1>Payments Log</h1>
          <p className="pay-subtitle">The delivered loads still to be paid, and every change to a load's rate, payment status, amount paid, last payment date and payment notes, across all loads.</p>
        </div>
      </header>

      <AwaitingPaymentPanel />

      <div className="pay-page-header pay-log-header">
        <h2 className="pay-log-heading">Payment changes</h2>
        {/* Busy, not disabled, while exporting: the focus stays on the button. */}
        <BusyButton className="button button-primary" busy={exporting} disabled={problem !== null} onClick={() => void exportCsv()}>
          {exporting ? 'Exporting...' : 'Export CSV'}
        </BusyButton>
      </div>
      <PaymentsFilterBar filters={filters} vendors={vendors} vendorsLoading={vendorSource.isPending} onChange={changeFilters} />

      {problem ? (
        <p className="pay-error" role="alert">
          {problem}
        </p>
      ) : log.isPending ? (
        <div className="pay-state">
          <Spinner size="lg" label="Loading the payments log" />
        </div>
      ) : log.isError && !log.data ? (
        <p className="pay-error" role="alert">
          {logErrorText(log.error)}
        </p>
      ) : (
        <>
          <p className="pay-count" aria-live="polite">
            {log.data?.truncated
              ? `Showing the newest ${entries.length.toLocaleString('en-US')} changes${hasFilters(filters) ? ' that match these filters' : ''}`
              : `${entries.length} ${entries.length === 1 ? 'change' : 'changes'}${hasFilters(filters) ? ' match these filters' : ''}`}
            {log.isFetching && <Spinner size="sm" label="Refreshing" />}
          </p>
          {log.data?.truncated && (
            <p className="pay-note">There are more: narrow the filters to see them here, or export the CSV, which has every one.</p>
          )}
          <PaymentsLogTable entries={entries} filtered={hasFilters(filters)} busy={log.isPlaceholderData} view={searchParams.toString()} />
        </>
      )}
    </section>
  );
}
