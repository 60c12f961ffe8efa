import { PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, type PaymentStatus } from '@portal/domain/loads/fields';
import { useId } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { hasFilters, NO_FILTERS, type PaymentsFilters } from '../utils/payments-filters';
import { DateFilterInput } from './date-filter-input';

interface PaymentsFilterBarProps {
  filters: PaymentsFilters;
  vendors: { id: string; label: string }[];
  vendorsLoading: boolean;
  /** The filters to change; the others keep what they are then (see PaymentsLog's changeFilters). */
  onChange(patch: Partial<PaymentsFilters>): void;
}

/** Date range, vendor and payment status; every change applies at once (a typed date once it is whole). */
export function PaymentsFilterBar({ filters, vendors, vendorsLoading, onChange }: PaymentsFilterBarProps) {
  const id = useId();
  // A vendor picked by link but unknown to the list (deleted since) still shows as chosen.
  const vendorKnown = !filters.vendor || vendors.some((vendor) => vendor.id === filters.vendor);

  return (
    <form className="pay-filters" aria-label="Payments filters" onSubmit={(event) => event.preventDefault()}>
      <div className="pay-filter">
        <label htmlFor={`${id}-from`}>From</label>
        <DateFilterInput id={`${id}-from`} value={filters.from} max={filters.to || undefined} onCommit={(from) => onChange({ from })} />
      </div>
      <div className="pay-filter">
        <label htmlFor={`${id}-to`}>To</label>
        <DateFilterInput id={`${id}-to`} value={filters.to} min={filters.from || undefined} onCommit={(to) => onChange({ to })} />
      </div>
      <div className="pay-filter pay-filter-wide">
        <label htmlFor={`${id}-vendor`}>Vendor</label>
        <select id={`${id}-vendor`} value={filters.vendor} onChange={(event) => onChange({ vendor: event.target.value })}>
          <option value="">{vendorsLoading ? 'Loading vendors...' : 'All vendors'}</option>
          {!vendorKnown && <option value={filters.vendor}>Vendor {filters.vendor}</option>}
          {vendors.map((vendor) => (
            <option key={vendor.id} value={vendor.id}>
              {vendor.label}
            </option>
          ))}
        </select>
      </div>
      <div className="pay-filter">
        <label htmlFor={`${id}-status`}>Status After Change</label>
        <select id={`${id}-status`} value={filters.status} onChange={(event) => onChange({ status: event.target.value as PaymentStatus | '' })}>
          <option value="">All statuses</option>
          {PAYMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {PAYMENT_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="pay-filter pay-filter-actions">
        {/* A label's height of nothing, so the button lines up with the fields. */}
        <span className="pay-filter-spacer" aria-hidden="true">
          &nbsp;
        </span>
        {/* Off with nothing to clear, but still focusable (aria-disabled): pressing it never drops the focus. */}
        <BusyButton className="button button-secondary" unavailable={!hasFilters(filters)} onClick={() => onChange(NO_FILTERS)}>
          Clear Filters
        </BusyButton>
      </div>
      {/* The log is of changes: a payment dated Nov 30 and entered Dec 2 is a December change (accounting audit). */}
      <p className="pay-filter-hint">From and To are the days a change was recorded (in your time zone), not the payment dates it set.</p>
    </form>
  );
}
