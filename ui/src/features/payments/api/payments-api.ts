import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentStatus } from '@portal/domain/loads/fields';
import { apiClient } from '../../../lib/api-client';
import type { AuditActor } from '../../history/utils/audit-format';
import { withBrowserZone } from '../../../lib/format-date';
import { type PaymentsFilters, paymentsLogPath } from '../utils/payments-filters';

/** One change to a payment field of a load: payment status, amount paid, last payment date or payment notes. */
export interface PaymentChange {
  position: string;
  at: string;
  actor: AuditActor | null;
  field: string;
  label: string;
  from: unknown;
  to: unknown;
  summary: string;
}

/** A payments log row: the change, the load it belongs to, and the load's payment status. */
export interface PaymentLogEntry extends PaymentChange {
  load_id: string;
  kdt_id: string;
  vendor_id: string | null;
  vendor_name: string | null;
  payment_status: PaymentStatus | null;
  /** The load is deleted now (only the ADMIN is shown such rows). */
  load_deleted?: boolean;
}

/** What the vendor filter needs of GET /api/vendors/. */
export interface VendorChoiceSource {
  id: string;
  username: string;
  legal_name: string | null;
  business_name: string | null;
}

export const paymentKeys = {
  all: ['payments'] as const,
  loadHistory: (loadId: string) => ['payments', 'load', loadId] as const,
  logs: () => ['payments', 'log'] as const,
  log: (filters: PaymentsFilters) => ['payments', 'log', filters] as const,
  vendorChoices: () => ['payments', 'vendor-choices'] as const,
  awaiting: () => ['payments', 'awaiting'] as const,
};

/** A delivered load not paid in full (GET /api/payments/awaiting/), with what it still owes. */
export interface AwaitingPayment {
  id: string;
  kdt_id: string;
  vendor: string | null;
  vendor_name: string | null;
  delivery_date: string | null;
  payment_status: PaymentStatus;
  rate_amount: number | null;
  amount_paid: number | null;
  /** The rate less the amount paid, never below 0; null without a rate. */
  balance: number | null;
  last_payment_date: string | null;
}

/** The delivered loads not paid in full, the longest waiting first. */
export const useAwaitingPayment = () =>
  useQuery({
    queryKey: paymentKeys.awaiting(),
    queryFn: ({ signal }) => apiClient.get<AwaitingPayment[]>('/payments/awaiting/', { signal }),
  });

export function getLoadPaymentHistory(loadId: string, signal?: AbortSignal): Promise<PaymentChange[]> {
  // Dates with a time in the lines are shown in this browser's zone, named, as the screens show times.
  return apiClient.get<PaymentChange[]>(withBrowserZone(`/loads/${encodeURIComponent(loadId)}/payment-history/`), { signal });
}

export function useLoadPaymentHistory(loadId: string, enabled: boolean) {
  return useQuery({
    queryKey: paymentKeys.loadHistory(loadId),
    queryFn: ({ signal }) => getLoadPaymentHistory(loadId, signal),
    enabled,
  });
}

/** The newest changes that match; `truncated` when there are more than the server answers (the CSV has them all). */
export interface PaymentsLogPage {
  entries: PaymentLogEntry[];
  truncated: boolean;
}

export async function getPaymentsLog(filters: PaymentsFilters, signal?: AbortSignal): Promise<PaymentsLogPage> {
  let truncated = false;
  const entries = await apiClient.get<PaymentLogEntry[]>(paymentsLogPath(filters), { signal, onHeaders: (headers) => (truncated = headers.get('X-Truncated') === 'true') });
  return { entries, truncated };
}

export function paymentsLogQueryOptions(filters: PaymentsFilters) {
  return queryOptions({
    queryKey: paymentKeys.log(filters),
    queryFn: ({ signal }) => getPaymentsLog(filters, signal),
  });
}

export const usePaymentsLog = (filters: PaymentsFilters, enabled: boolean) => useQuery({ ...paymentsLogQueryOptions(filters), enabled });

/** The server's CSV of the log for the same filters, as text. */
export function getPaymentsCsv(filters: PaymentsFilters): Promise<string> {
  return apiClient.get<string>(paymentsLogPath(filters, 'csv')).then((body) => (typeof body === 'string' ? body : JSON.stringify(body)));
}

export const useVendorChoiceSource = () =>
  useQuery({
    queryKey: paymentKeys.vendorChoices(),
    queryFn: ({ signal }) => apiClient.get<VendorChoiceSource[]>('/vendors/', { signal }),
    staleTime: 60_000,
  });
