import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@portal/domain/loads/fields';
import { StatusBadge } from '../../../components/status-badge';
import { PAYMENT_STATUS_TONES } from '../../history/utils/load-snapshot';

export function PaymentStatusBadge({ status }: { status: PaymentStatus | null | undefined }) {
  if (!status) return <span className="pay-muted">—</span>;
  return <StatusBadge tone={PAYMENT_STATUS_TONES[status] ?? 'neutral'}>{PAYMENT_STATUS_LABELS[status] ?? status}</StatusBadge>;
}
