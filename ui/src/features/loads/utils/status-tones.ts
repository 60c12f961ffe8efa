import type { LoadStatus, PaymentStatus } from '@portal/domain/loads/fields';
import type { StatusTone } from '../../../components/status-badge';

// vendor-side.md section 4: open blue, picked up warning, delivered success, cancelled error.
export const LOAD_STATUS_TONES: Record<LoadStatus, StatusTone> = {
  open: 'info',
  picked_up: 'warning',
  delivered: 'success',
  cancelled: 'error',
};

export const PAYMENT_STATUS_TONES: Record<PaymentStatus, StatusTone> = {
  unpaid: 'neutral',
  partial: 'warning',
  paid: 'success',
  disputed: 'error',
};
